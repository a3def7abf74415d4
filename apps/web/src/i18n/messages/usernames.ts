import { defineMessages } from '../define-messages.ts';

/**
 * Usernames on the sign-up, sign-in and profile screens (docs/protocol/passwordless.md#3-usernames); their
 * refusals are worded in username-session-errors.ts.
 */
export const usernameMessages = defineMessages({
  en: {
    'username.identifier': 'Email or username',
    'username.identifierRequired': 'Enter your email address or username.',
    'username.field': 'Username (optional)',
    'username.hint': '3 to 30 letters, digits, “_” or “.”. You can sign in with it instead of your email.',
    'username.available': 'This username is free.',
    'username.title': 'Your username',
    'username.explain': 'A name to sign in with instead of your email, and how it is shown.',
    'username.name': 'Username',
    'username.display': 'Display username',
    'username.displayHint': 'How your username is shown, with your own capitals; up to 64 characters.',
    'username.save': 'Save username',
    'username.saved': 'Username saved.',
    'username.ofUser': 'Username: {username}',
  },
  de: {
    'username.identifier': 'E-Mail-Adresse oder Benutzername',
    'username.identifierRequired': 'Geben Sie Ihre E-Mail-Adresse oder Ihren Benutzernamen ein.',
    'username.field': 'Benutzername (optional)',
    'username.hint':
      '3 bis 30 Buchstaben, Ziffern, „_“ oder „.“. Damit können Sie sich statt mit der E-Mail-Adresse anmelden.',
    'username.available': 'Dieser Benutzername ist frei.',
    'username.title': 'Ihr Benutzername',
    'username.explain':
      'Ein Name, mit dem Sie sich statt mit der E-Mail-Adresse anmelden, und wie er angezeigt wird.',
    'username.name': 'Benutzername',
    'username.display': 'Angezeigter Benutzername',
    'username.displayHint':
      'Wie Ihr Benutzername angezeigt wird, mit Ihrer Groß- und Kleinschreibung; höchstens 64 Zeichen.',
    'username.save': 'Benutzernamen speichern',
    'username.saved': 'Benutzername gespeichert.',
    'username.ofUser': 'Benutzername: {username}',
  },
  fr: {
    'username.identifier': 'Adresse e-mail ou nom d’utilisateur',
    'username.identifierRequired': 'Saisissez votre adresse e-mail ou votre nom d’utilisateur.',
    'username.field': 'Nom d’utilisateur (facultatif)',
    'username.hint':
      'De 3 à 30 lettres, chiffres, « _ » ou « . ». Vous pourrez vous connecter avec lui au lieu de votre adresse e-mail.',
    'username.available': 'Ce nom d’utilisateur est libre.',
    'username.title': 'Votre nom d’utilisateur',
    'username.explain':
      'Un nom pour vous connecter au lieu de votre adresse e-mail, et la façon dont il s’affiche.',
    'username.name': 'Nom d’utilisateur',
    'username.display': 'Nom d’utilisateur affiché',
    'username.displayHint':
      'La façon dont votre nom d’utilisateur s’affiche, avec vos majuscules\u00a0; au plus 64 caractères.',
    'username.save': 'Enregistrer le nom d’utilisateur',
    'username.saved': 'Nom d’utilisateur enregistré.',
    'username.ofUser': 'Nom d’utilisateur\u00a0: {username}',
  },
});
