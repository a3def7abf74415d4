import { GatehouseError } from '@gatehouse/client';
import type { MessageKey } from '../../../i18n/en.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * Organization error codes (docs/protocol/organization.md#error-catalogue) in words for the person on the
 * screen; codes without an entry keep the server's message, which is already a sentence.
 */
const ORG_WORDS: Record<string, MessageKey> = {
  ORGANIZATION_ALREADY_EXISTS: 'org.error.slugTaken',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'org.error.slugTaken',
  ORGANIZATION_NOT_FOUND: 'org.error.notFound',
  NO_ACTIVE_ORGANIZATION: 'org.error.noActive',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'org.error.notMember',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'org.error.notMember',
  MEMBER_NOT_FOUND: 'org.error.memberGone',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: 'org.error.needsOwner',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: 'org.error.needsOwner',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'org.error.alreadyMember',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'org.error.alreadyInvited',
  INVITATION_NOT_FOUND: 'org.error.invitationGone',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'org.error.notRecipient',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: 'org.error.verifyToAnswer',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'org.error.verifyToSee',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: 'org.error.inviterGone',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'org.error.memberLimit',
  INVITATION_LIMIT_REACHED: 'org.error.invitationLimit',
  TEAM_MEMBER_LIMIT_REACHED: 'org.error.teamFull',
  UNABLE_TO_REMOVE_LAST_TEAM: 'org.error.lastTeam',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: 'org.error.teamInUse',
  ROLE_IS_ASSIGNED_TO_MEMBERS: 'org.error.roleHeld',
  ROLE_NAME_IS_ALREADY_TAKEN: 'org.error.roleNameTaken',
};

/** A failed organization call in words, in the reader's language; bare statuses get words too. */
export function orgErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof GatehouseError)) return errorMessage(error);
  if (error.code === 'ROLE_NOT_FOUND' || error.message.startsWith('ROLE_NOT_FOUND')) {
    return t('org.error.roleNotFound');
  }
  const words = ORG_WORDS[error.code];
  if (words) return t(words);
  if (error.code === 'HTTP_401') return errorMessage(new GatehouseError(401, 'UNAUTHORIZED', ''));
  if (error.code === 'HTTP_403') return t('org.error.forbidden');
  if (error.code === 'HTTP_404') return t('org.error.turnedOff');
  if (/^HTTP_/.test(error.code) && !error.message) return t('org.error.unknown');
  return errorMessage(error);
}
