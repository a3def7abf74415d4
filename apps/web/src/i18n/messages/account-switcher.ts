import { defineMessages } from '../define-messages.ts';

/**
 * The user menu's account switcher
 * (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
 */
export const accountSwitcherMessages = defineMessages({
  en: {
    'switcher.others': 'Also signed in here',
    'switcher.switchTo': 'Switch to',
    'switcher.add': 'Add another account',
    'switcher.signOutThis': 'Sign out of this account',
    'switcher.signOutAll': 'Sign out of all accounts',
  },
  de: {
    'switcher.others': 'Hier auch angemeldet',
    'switcher.switchTo': 'Wechseln zu',
    'switcher.add': 'Weiteres Konto hinzufügen',
    'switcher.signOutThis': 'Von diesem Konto abmelden',
    'switcher.signOutAll': 'Von allen Konten abmelden',
  },
  fr: {
    'switcher.others': 'Également connectés ici',
    'switcher.switchTo': 'Passer à',
    'switcher.add': 'Ajouter un autre compte',
    'switcher.signOutThis': 'Se déconnecter de ce compte',
    'switcher.signOutAll': 'Se déconnecter de tous les comptes',
  },
});
