import { defineEmailWords } from '../email-words.ts';

/** The words every message shares: the greeting and the words around the action link. */
export const layoutWords = defineEmailWords({
  en: {
    greeting: 'Hello {name},',
    greetingWithoutName: 'Hello,',
    actionLead: '{action}:',
    copyLink: 'If the button does not work, copy this address into your browser:',
  },
  de: {
    greeting: 'Hallo {name},',
    greetingWithoutName: 'Hallo,',
    actionLead: '{action}:',
    copyLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingWithoutName: 'Bonjour,',
    // French puts a (non-breaking) space before a colon.
    actionLead: '{action}\u00a0:',
    copyLink: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  },
});
