import { defineEmailWords } from '../email-words.ts';

/** A sign-in link, with the code that does the same on another device (passwordless-templates.ts). */
export const magicLinkWords = defineEmailWords({
  en: {
    subject: 'Your sign-in link',
    body: 'Use this link to sign in. It works once and expires in {minutes} min.',
    action: 'Sign in',
    code: 'Or type this code on the sign-in page: {code}',
    ignore: 'If you did not ask to sign in, you can ignore this message.',
  },
  de: {
    subject: 'Ihr Anmeldelink',
    body: 'Melden Sie sich mit diesem Link an. Er ist nur einmal verwendbar und läuft in {minutes} Min. ab.',
    action: 'Anmelden',
    code: 'Oder geben Sie auf der Anmeldeseite diesen Code ein: {code}',
    ignore: 'Falls Sie sich nicht anmelden wollten, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: 'Votre lien de connexion',
    body: 'Utilisez ce lien pour vous connecter. Il ne sert qu’une fois et expire dans {minutes}\u00a0min.',
    action: 'Se connecter',
    code: 'Ou saisissez ce code sur la page de connexion\u00a0: {code}',
    ignore: 'Si vous n’avez pas demandé à vous connecter, vous pouvez ignorer ce message.',
  },
});
