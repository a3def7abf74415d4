import { GatehouseError } from '@gatehouse/client';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * Organization error codes (docs/protocol/organization.md#error-catalogue) in words for the person on the
 * screen; codes without an entry keep the server's message, which is already a sentence.
 */
const ORG_WORDS: Record<string, string> = {
  ORGANIZATION_ALREADY_EXISTS: 'Another organization already uses this slug. Pick another one.',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'Another organization already uses this slug. Pick another one.',
  ORGANIZATION_NOT_FOUND: 'This organization no longer exists.',
  NO_ACTIVE_ORGANIZATION: 'Pick an organization first.',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'You are not a member of this organization (any more).',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'You are not a member of this organization (any more).',
  MEMBER_NOT_FOUND: 'This member is no longer part of the organization.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    'An organization needs an owner: make someone else an owner first.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    'An organization needs an owner: make someone else an owner first.',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'This person is already a member.',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    'This person already has a pending invitation. Resend it from the list instead.',
  INVITATION_NOT_FOUND:
    'This invitation is no longer valid: it may have expired, been canceled or already been answered.',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    'This invitation was sent to another email address. Sign in with that address to answer it.',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    'Verify your email address first, then answer the invitation.',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'Verify your email address first to see this invitation.',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION:
    'The person who invited you has left the organization, so this invitation no longer works.',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'This organization is full: it has reached its member limit.',
  INVITATION_LIMIT_REACHED: 'This organization has too many pending invitations. Cancel some first.',
  TEAM_MEMBER_LIMIT_REACHED: 'This team is full.',
  UNABLE_TO_REMOVE_LAST_TEAM: 'An organization keeps at least one team.',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM:
    'You cannot delete the team you are working in. Switch to another team first.',
  ROLE_IS_ASSIGNED_TO_MEMBERS: 'Members still hold this role. Give them another role first.',
  ROLE_NAME_IS_ALREADY_TAKEN: 'A role with this name already exists.',
};

/** A failed organization call in words; bare statuses get words too. */
export function orgErrorMessage(error: unknown): string {
  if (!(error instanceof GatehouseError)) return errorMessage(error);
  if (error.code === 'ROLE_NOT_FOUND' || error.message.startsWith('ROLE_NOT_FOUND')) {
    return 'That role does not exist in this organization.';
  }
  const words = ORG_WORDS[error.code];
  if (words) return words;
  if (error.code === 'HTTP_401') return errorMessage(new GatehouseError(401, 'UNAUTHORIZED', ''));
  if (error.code === 'HTTP_403') return 'Your role does not allow this.';
  if (error.code === 'HTTP_404') return 'This is turned off on this server.';
  if (/^HTTP_/.test(error.code) && !error.message) return 'Something went wrong. Please try again.';
  return errorMessage(error);
}
