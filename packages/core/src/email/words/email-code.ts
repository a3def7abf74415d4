import { defineEmailWords } from '../email-words.ts';

/** A code to type in: to sign in, to verify the address, or to reset the password (passwordless-templates.ts). */
export const emailCodeWords = defineEmailWords({
  en: {
    subjectSignIn: 'Your code to sign in',
    subjectEmailVerification: 'Your code to verify your email address',
    subjectForgetPassword: 'Your code to reset your password',
    body: 'Your code is {code}. It works once and expires in {minutes} min.',
    ignore: 'If you did not ask for it, you can ignore this message.',
  },
  de: {
    subjectSignIn: 'Ihr Code zur Anmeldung',
    subjectEmailVerification: 'Ihr Code zur Bestätigung Ihrer E-Mail-Adresse',
    subjectForgetPassword: 'Ihr Code zum Zurücksetzen Ihres Passworts',
    body: 'Ihr Code lautet {code}. Er ist nur einmal verwendbar und läuft in {minutes} Min. ab.',
    ignore: 'Falls Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subjectSignIn: 'Votre code pour vous connecter',
    subjectEmailVerification: 'Votre code pour vérifier votre adresse e-mail',
    subjectForgetPassword: 'Votre code pour réinitialiser votre mot de passe',
    body: 'Votre code est {code}. Il ne sert qu’une fois et expire dans {minutes}\u00a0min.',
    ignore: 'Si vous ne l’avez pas demandé, vous pouvez ignorer ce message.',
  },
});
