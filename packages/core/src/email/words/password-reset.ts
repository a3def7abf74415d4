import { defineEmailWords } from '../email-words.ts';

export const passwordResetWords = defineEmailWords({
  en: {
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your account. The link works for a limited time.',
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    body: 'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Der Link ist nur für begrenzte Zeit gültig.',
    action: 'Neues Passwort wählen',
    ignore:
      'Falls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren: Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte. Le lien est valable pendant une durée limitée.',
    action: 'Choisir un nouveau mot de passe',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message\u00a0: votre mot de passe reste inchangé.',
  },
});
