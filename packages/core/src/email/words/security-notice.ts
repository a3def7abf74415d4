import { defineEmailWords } from '../email-words.ts';

/**
 * The security notices (security-notice-templates.ts): a new sign-in, a password or email change, a
 * passkey added, two-factor turned off, an API key created (`{key}` is its name and first characters,
 * never the key).
 */
export const securityNoticeWords = defineEmailWords({
  en: {
    'subject.sign-in': 'New sign-in to your account',
    'subject.password-changed': 'Your password was changed',
    'subject.password-reset': 'Your password was reset',
    'subject.email-changed': 'Your email address was changed',
    'subject.passkey-added': 'A passkey was added to your account',
    'subject.two-factor-disabled': 'Two-factor authentication was turned off',
    'happened.sign-in': 'Your account was signed in from a browser and address it has not used before.',
    'happened.password-changed': 'The password of your account was changed.',
    'happened.password-reset': 'The password of your account was reset with an emailed link.',
    'happened.email-changed': 'The email address of your account was changed to {newEmail}.',
    'happened.passkey-added': 'A new passkey was added to your account: from now on it can sign in to it.',
    'happened.two-factor-disabled':
      'Two-factor authentication was turned off for your account: signing in no longer asks for a second factor.',
    'subject.api-key-created': 'An API key was created for your account',
    'subject.organization-api-key-created': 'You created an organization API key',
    'happened.api-key-created':
      'A new API key was created for your account: {key}. Whoever holds it can act as you until it is deleted.',
    'happened.organization-api-key-created':
      'An API key was created with your account for the organization {organization}: {key}. Whoever holds it can use it until it is deleted.',
    keyNamed: '“{name}”, beginning with {start}…',
    keyUnnamed: 'beginning with {start}…',
    when: 'When: {when}',
    device: 'Browser: {browser} on {os}',
    ip: 'IP address: {ip}',
    location: 'Approximate location: {location}',
    unknownIp: 'unknown',
    action: 'Review your security activity',
    ignore:
      'If this was you, there is nothing to do. If it was not, sign that session out on the page above and change your password.',
    ignoreKey:
      'If this was you, there is nothing to do. If it was not, delete the key under API keys, sign that session out on the page above and change your password.',
  },
  de: {
    'subject.sign-in': 'Neue Anmeldung bei Ihrem Konto',
    'subject.password-changed': 'Ihr Passwort wurde geändert',
    'subject.password-reset': 'Ihr Passwort wurde zurückgesetzt',
    'subject.email-changed': 'Ihre E-Mail-Adresse wurde geändert',
    'subject.passkey-added': 'Ihrem Konto wurde ein Passkey hinzugefügt',
    'subject.two-factor-disabled': 'Die Zwei-Faktor-Anmeldung wurde ausgeschaltet',
    'happened.sign-in':
      'Bei Ihrem Konto wurde sich von einem Browser und einer Adresse angemeldet, die es bisher nicht verwendet hat.',
    'happened.password-changed': 'Das Passwort Ihres Kontos wurde geändert.',
    'happened.password-reset':
      'Das Passwort Ihres Kontos wurde über einen per E-Mail gesendeten Link zurückgesetzt.',
    'happened.email-changed': 'Die E-Mail-Adresse Ihres Kontos wurde in {newEmail} geändert.',
    'happened.passkey-added':
      'Ihrem Konto wurde ein neuer Passkey hinzugefügt: Mit ihm kann man sich von nun an bei Ihrem Konto anmelden.',
    'happened.two-factor-disabled':
      'Die Zwei-Faktor-Anmeldung Ihres Kontos wurde ausgeschaltet: Bei der Anmeldung wird kein zweiter Faktor mehr verlangt.',
    'subject.api-key-created': 'Für Ihr Konto wurde ein API-Schlüssel erstellt',
    'subject.organization-api-key-created': 'Sie haben einen API-Schlüssel einer Organisation erstellt',
    'happened.api-key-created':
      'Für Ihr Konto wurde ein neuer API-Schlüssel erstellt: {key}. Wer ihn besitzt, kann in Ihrem Namen handeln, bis er gelöscht wird.',
    'happened.organization-api-key-created':
      'Mit Ihrem Konto wurde ein API-Schlüssel für die Organisation {organization} erstellt: {key}. Wer ihn besitzt, kann ihn nutzen, bis er gelöscht wird.',
    keyNamed: '„{name}“, beginnend mit {start}…',
    keyUnnamed: 'beginnend mit {start}…',
    when: 'Wann: {when}',
    device: 'Browser: {browser} unter {os}',
    ip: 'IP-Adresse: {ip}',
    location: 'Ungefährer Ort: {location}',
    unknownIp: 'unbekannt',
    action: 'Sicherheitsaktivität ansehen',
    ignore:
      'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, melden Sie diese Sitzung auf der oben verlinkten Seite ab und ändern Sie Ihr Passwort.',
    ignoreKey:
      'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, löschen Sie den Schlüssel unter API-Schlüssel, melden Sie diese Sitzung auf der oben verlinkten Seite ab und ändern Sie Ihr Passwort.',
  },
  fr: {
    'subject.sign-in': 'Nouvelle connexion à votre compte',
    'subject.password-changed': 'Votre mot de passe a été modifié',
    'subject.password-reset': 'Votre mot de passe a été réinitialisé',
    'subject.email-changed': 'Votre adresse e-mail a été modifiée',
    'subject.passkey-added': 'Une clé d’accès a été ajoutée à votre compte',
    'subject.two-factor-disabled': 'La double authentification a été désactivée',
    'happened.sign-in':
      'Une connexion à votre compte a eu lieu depuis un navigateur et une adresse qu’il n’avait jamais utilisés.',
    'happened.password-changed': 'Le mot de passe de votre compte a été modifié.',
    'happened.password-reset':
      'Le mot de passe de votre compte a été réinitialisé avec un lien envoyé par e-mail.',
    'happened.email-changed': 'L’adresse e-mail de votre compte a été remplacée par {newEmail}.',
    'happened.passkey-added':
      'Une nouvelle clé d’accès a été ajoutée à votre compte\u00a0: elle permet désormais de s’y connecter.',
    'happened.two-factor-disabled':
      'La double authentification de votre compte a été désactivée\u00a0: la connexion ne demande plus de second facteur.',
    'subject.api-key-created': 'Une clé d’API a été créée pour votre compte',
    'subject.organization-api-key-created': 'Vous avez créé une clé d’API d’organisation',
    'happened.api-key-created':
      'Une nouvelle clé d’API a été créée pour votre compte\u00a0: {key}. Qui la détient peut agir en votre nom jusqu’à sa suppression.',
    'happened.organization-api-key-created':
      'Une clé d’API a été créée avec votre compte pour l’organisation {organization}\u00a0: {key}. Qui la détient peut l’utiliser jusqu’à sa suppression.',
    keyNamed: '«\u00a0{name}\u00a0», commençant par {start}…',
    keyUnnamed: 'commençant par {start}…',
    when: 'Quand\u00a0: {when}',
    device: 'Navigateur\u00a0: {browser} sous {os}',
    ip: 'Adresse IP\u00a0: {ip}',
    location: 'Lieu approximatif\u00a0: {location}',
    unknownIp: 'inconnue',
    action: 'Voir votre activité de sécurité',
    ignore:
      'Si c’était vous, il n’y a rien à faire. Sinon, déconnectez cette session sur la page ci-dessus et changez votre mot de passe.',
    ignoreKey:
      'Si c’était vous, il n’y a rien à faire. Sinon, supprimez la clé dans Clés d’API, déconnectez cette session sur la page ci-dessus et changez votre mot de passe.',
  },
});
