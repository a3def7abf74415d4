import { defineMessages } from '../define-messages.ts';

/**
 * Usernames on the sign-up and sign-in screens (docs/protocol/passwordless.md#3-usernames); their
 * refusals are worded in username-session-errors.ts.
 */
export const usernameMessages = defineMessages({
  en: {
    'username.identifier': 'Email or username',
    'username.identifierRequired': 'Enter your email address or username.',
    'username.field': 'Username (optional)',
    'username.hint': '3 to 30 letters, digits, “_” or “.”. You can sign in with it instead of your email.',
    'username.available': 'This username is free.',
  },
  de: {
    'username.identifier': 'E-Mail-Adresse oder Benutzername',
    'username.identifierRequired': 'Geben Sie Ihre E-Mail-Adresse oder Ihren Benutzernamen ein.',
    'username.field': 'Benutzername (optional)',
    'username.hint':
      '3 bis 30 Buchstaben, Ziffern, „_“ oder „.“. Damit können Sie sich statt mit der E-Mail-Adresse anmelden.',
    'username.available': 'Dieser Benutzername ist frei.',
  },
  fr: {
    'username.identifier': 'Adresse e-mail ou nom d’utilisateur',
    'username.identifierRequired': 'Saisissez votre adresse e-mail ou votre nom d’utilisateur.',
    'username.field': 'Nom d’utilisateur (facultatif)',
    'username.hint':
      'De 3 à 30 lettres, chiffres, « _ » ou « . ». Vous pourrez vous connecter avec lui au lieu de votre adresse e-mail.',
    'username.available': 'Ce nom d’utilisateur est libre.',
  },
});
