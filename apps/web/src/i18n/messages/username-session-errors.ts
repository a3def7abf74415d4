import { defineMessages } from '../define-messages.ts';

/** Words for the username and several-accounts refusals (lib/error-words.ts). */
export const usernameSessionErrorMessages = defineMessages({
  en: {
    'error.username.wrong': 'Invalid username or password.',
    'error.username.taken': 'This username is already taken. Please try another.',
    'error.username.tooShort': 'The username is too short: use at least 3 characters.',
    'error.username.tooLong': 'The username is too long: use at most 30 characters.',
    'error.username.invalid': 'A username may hold only letters, digits, “_” and “.”.',
    'error.username.displayInvalid':
      'The display name cannot be used: keep it to 64 characters, on one line.',
    'error.username.reserved': 'This username is reserved. Please try another.',
    'error.deviceSession.invalid': 'That account is no longer signed in on this browser. Sign in again.',
  },
  de: {
    'error.username.wrong': 'Benutzername oder Passwort ist falsch.',
    'error.username.taken': 'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
    'error.username.tooShort': 'Der Benutzername ist zu kurz: mindestens 3 Zeichen.',
    'error.username.tooLong': 'Der Benutzername ist zu lang: höchstens 30 Zeichen.',
    'error.username.invalid': 'Ein Benutzername darf nur Buchstaben, Ziffern, „_“ und „.“ enthalten.',
    'error.username.displayInvalid':
      'Der Anzeigename kann nicht verwendet werden: höchstens 64 Zeichen, in einer Zeile.',
    'error.username.reserved': 'Dieser Benutzername ist reserviert. Bitte wählen Sie einen anderen.',
    'error.deviceSession.invalid':
      'Dieses Konto ist in diesem Browser nicht mehr angemeldet. Bitte melden Sie sich erneut an.',
  },
  fr: {
    'error.username.wrong': 'Nom d’utilisateur ou mot de passe incorrect.',
    'error.username.taken': 'Ce nom d’utilisateur est déjà pris. Veuillez en choisir un autre.',
    'error.username.tooShort': 'Le nom d’utilisateur est trop court : au moins 3 caractères.',
    'error.username.tooLong': 'Le nom d’utilisateur est trop long : au plus 30 caractères.',
    'error.username.invalid':
      'Un nom d’utilisateur ne peut contenir que des lettres, des chiffres, « _ » et « . ».',
    'error.username.displayInvalid':
      'Le nom affiché ne peut pas être utilisé : au plus 64 caractères, sur une seule ligne.',
    'error.username.reserved': 'Ce nom d’utilisateur est réservé. Veuillez en choisir un autre.',
    'error.deviceSession.invalid':
      'Ce compte n’est plus connecté dans ce navigateur. Veuillez vous reconnecter.',
  },
});
