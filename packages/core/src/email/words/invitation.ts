import { defineEmailWords } from '../email-words.ts';

/**
 * An invitation to an organization. The built-in roles have words of their own; a custom role
 * is named as the organization spelt it.
 */
export const invitationWords = defineEmailWords({
  en: {
    subject: 'Join {organization}',
    body: '{inviter} invited you to join {organization} as {role}.',
    action: 'Open the invitation',
    ignore: 'If you do not want to join, you can ignore this message: the invitation expires by itself.',
    'role.owner': 'owner',
    'role.admin': 'admin',
    'role.member': 'member',
  },
  de: {
    subject: 'Einladung zu {organization}',
    body: '{inviter} hat Sie eingeladen, {organization} als {role} beizutreten.',
    action: 'Einladung öffnen',
    ignore:
      'Falls Sie nicht beitreten möchten, können Sie diese Nachricht ignorieren: Die Einladung läuft von selbst ab.',
    'role.owner': 'Inhaber',
    'role.admin': 'Administrator',
    'role.member': 'Mitglied',
  },
  fr: {
    subject: 'Invitation à rejoindre {organization}',
    // “avec le rôle” rather than “en tant que”, which would need elision before a vowel.
    body: '{inviter} vous invite à rejoindre {organization} avec le rôle {role}.',
    action: 'Ouvrir l’invitation',
    ignore:
      'Si vous ne souhaitez pas rejoindre l’organisation, vous pouvez ignorer ce message\u00a0: l’invitation expirera d’elle-même.',
    'role.owner': 'propriétaire',
    'role.admin': 'administrateur',
    'role.member': 'membre',
  },
});
