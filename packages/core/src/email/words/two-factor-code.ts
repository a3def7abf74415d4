import { defineEmailWords } from '../email-words.ts';

export const twoFactorCodeWords = defineEmailWords({
  en: {
    subject: 'Your sign-in code',
    body: 'Your code is {code}. It works once, for {minutes} minutes.',
    warning: 'If you did not try to sign in, someone may know your password: change it.',
  },
  de: {
    subject: 'Ihr Anmeldecode',
    body: 'Ihr Code lautet {code}. Er ist {minutes} Minuten lang gültig und nur einmal verwendbar.',
    warning:
      'Falls Sie nicht versucht haben, sich anzumelden, kennt möglicherweise jemand Ihr Passwort: Ändern Sie es.',
  },
  fr: {
    subject: 'Votre code de connexion',
    body: 'Votre code est {code}. Il est valable {minutes} minutes et ne sert qu’une fois.',
    warning:
      'Si vous n’avez pas essayé de vous connecter, quelqu’un connaît peut-être votre mot de passe\u00a0: changez-le.',
  },
});
