import { defineMessages } from '../define-messages.ts';

/** The Sessions page's words that came with each device's own recent events. */
export const sessionsMessages = defineMessages({
  en: {
    'sessions.recentEvents': 'Recent activity on this device',
    'sessions.noEvents': 'Nothing recorded yet.',
    'sessions.eventsFailed': 'Its activity could not be loaded.',
    'sessions.allActivity': 'All security activity',
  },
  de: {
    'sessions.recentEvents': 'Letzte Aktivität auf diesem Gerät',
    'sessions.noEvents': 'Noch nichts aufgezeichnet.',
    'sessions.eventsFailed': 'Seine Aktivität konnte nicht geladen werden.',
    'sessions.allActivity': 'Gesamte Sicherheitsaktivität',
  },
  fr: {
    'sessions.recentEvents': 'Activité récente sur cet appareil',
    'sessions.noEvents': 'Rien d’enregistré pour l’instant.',
    'sessions.eventsFailed': 'Son activité n’a pas pu être chargée.',
    'sessions.allActivity': 'Toute l’activité de sécurité',
  },
});
