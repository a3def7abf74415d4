import { defineMessages } from '../define-messages.ts';

/** The admin console. */
export const adminMessages = defineMessages({
  en: {
    'admin.tf.title': 'Two-factor authentication',
    'admin.tf.explainOn':
      'They sign in with a second factor. Reset it when they have lost their phone and their backup codes.',
    'admin.tf.explainOff': 'They sign in without a second factor.',
    'admin.tf.reset': 'Reset two-factor',
    'admin.tf.resetTitle': 'Reset two-factor for {name}?',
    'admin.tf.resetExplain':
      'Two-factor is turned off, their authenticator app and backup codes stop working, trusted browsers are forgotten and every session ends. They can set it up again after signing in.',
    'admin.tf.done': 'Two-factor is reset for {name}.',
    'admin.pk.explain': 'The passkeys this person can sign in with.',
  },
  de: {
    'admin.tf.title': 'Zwei-Faktor-Anmeldung',
    'admin.tf.explainOn':
      'Die Person meldet sich mit einem zweiten Faktor an. Setzen Sie ihn zurück, wenn Telefon und Backup-Codes verloren sind.',
    'admin.tf.explainOff': 'Die Person meldet sich ohne zweiten Faktor an.',
    'admin.tf.reset': 'Zwei-Faktor zurücksetzen',
    'admin.tf.resetTitle': 'Zwei-Faktor für {name} zurücksetzen?',
    'admin.tf.resetExplain':
      'Die Zwei-Faktor-Anmeldung wird ausgeschaltet, Authenticator-App und Backup-Codes gelten nicht mehr, vertraute Browser werden vergessen und alle Sitzungen enden. Nach der Anmeldung kann die Person sie neu einrichten.',
    'admin.tf.done': 'Zwei-Faktor für {name} zurückgesetzt.',
    'admin.pk.explain': 'Die Passkeys, mit denen sich die Person anmelden kann.',
  },
  fr: {
    'admin.tf.title': 'Double authentification',
    'admin.tf.explainOn':
      'Cette personne se connecte avec un second facteur. Réinitialisez-le si elle a perdu son téléphone et ses codes de secours.',
    'admin.tf.explainOff': 'Cette personne se connecte sans second facteur.',
    'admin.tf.reset': 'Réinitialiser la double authentification',
    'admin.tf.resetTitle': 'Réinitialiser la double authentification de {name} ?',
    'admin.tf.resetExplain':
      'La double authentification est désactivée, l’application et les codes de secours ne fonctionnent plus, les navigateurs de confiance sont oubliés et toutes les sessions prennent fin. La personne pourra la reconfigurer après s’être connectée.',
    'admin.tf.done': 'Double authentification réinitialisée pour {name}.',
    'admin.pk.explain': 'Les clés d’accès avec lesquelles cette personne peut se connecter.',
  },
});
