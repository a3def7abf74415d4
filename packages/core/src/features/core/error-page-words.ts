import { defineEmailWords } from '../../email/email-words.ts';

/**
 * The error page's words in every language the emails speak (`/error`, error-page.ts); the page
 * picks its language from Accept-Language as an email does.
 */
export const errorPageWords = defineEmailWords({
  en: {
    title: 'Error',
    heading: 'Something went wrong',
    code: 'Error code:',
    next: 'Go back to the app and try again. If it keeps happening, give the error code to the administrator.',
  },
  de: {
    title: 'Fehler',
    heading: 'Etwas ist schiefgelaufen',
    code: 'Fehlercode:',
    next: 'Kehren Sie zur App zurück und versuchen Sie es erneut. Wenn es wieder passiert, nennen Sie der Administration den Fehlercode.',
  },
  fr: {
    title: 'Erreur',
    heading: 'Une erreur s’est produite',
    // French puts a (non-breaking) space before a colon.
    code: 'Code d’erreur\u00a0:',
    next: 'Revenez à l’application et réessayez. Si cela se reproduit, communiquez le code d’erreur à l’administrateur.',
  },
});
