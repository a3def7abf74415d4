import type { Transaction } from 'kysely';
import { z } from 'zod';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import type { AuthContext } from '../../../context.ts';
import { generateId } from '../../../crypto/random.ts';
import { isoNow, type Schema, toDate } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { User } from '../../../user/user.ts';
import { setActiveState } from '../active-state.ts';
import { countMembers, findMember, insertMember } from '../members/member.repository.ts';
import { findOrganizationById } from '../organization.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { invitationToJson, memberToJson } from '../organization-json.ts';
import { invitationJson, memberJson } from '../organization-response-schemas.ts';
import { idSchema } from '../organization-schemas.ts';
import { listRolesOfOrganization } from '../roles/role.repository.ts';
import { RoleSet } from '../roles/role-set.ts';
import { addTeamMember } from '../teams/team.repository.ts';
import { requireTeamSeat } from '../teams/team-seats.ts';
import { findInvitationById, type InvitationRow, transitionPending } from './invitation.repository.ts';

const body = z.object({ invitationId: idSchema });

/** The recipient checks shared by accept and reject. */
async function recipientChecks(
  auth: AuthContext,
  options: ResolvedOrganization,
  invitation: { email: string; organizationId: string },
  user: User,
) {
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AuthError('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
  }
  if (options.requireEmailVerificationOnInvitation && !user.emailVerified) {
    throw new AuthError('EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION');
  }
  if (!(await findOrganizationById(auth.db, invitation.organizationId)))
    throw new AuthError('ORGANIZATION_NOT_FOUND');
}

/**
 * Accepts an invitation: the recipient becomes a member with its roles, joins its teams, and the
 * organization becomes active (docs/protocol/organization.md#accept-invitation). Someone who is already a
 * member keeps their one member row (the peer adds a second; README).
 */
export const acceptInvitationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'acceptInvitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    summary: 'Accept an invitation',
    description:
      'The recipient becomes a member with its roles, joins its teams, and the organization becomes active.',
    body,
    requires: 'session',
    response: z.object({ invitation: invitationJson, member: memberJson }),
    errors: [
      'INVITATION_NOT_FOUND',
      'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
      'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
      'ORGANIZATION_NOT_FOUND',
      'ROLE_NOT_FOUND',
      'INVALID_ROLE_PERMISSIONS',
      'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
      'TEAM_NOT_FOUND',
      'TEAM_MEMBER_LIMIT_REACHED',
    ],
    async handler({ auth, request, body, session: resolved }) {
      const { user } = resolved;
      const nowMs = auth.options.now();
      const invitation = await findInvitationById(auth.db, body.invitationId);
      if (invitation?.status !== 'pending' || toDate(invitation.expiresAt).getTime() <= nowMs) {
        throw new AuthError('INVITATION_NOT_FOUND');
      }
      await recipientChecks(auth, options, invitation, user);
      // A stored role deleted since the invitation was sent must not become a member's role.
      const roles = splitOrganizationRoles(invitation.role);
      await new RoleSet(
        (id) => listRolesOfOrganization(auth.database, id),
        options,
        invitation.organizationId,
      ).requireKnown(roles);
      const teamIds = options.teams ? (invitation.teamId ?? '').split(',').filter(Boolean) : [];
      const member = await auth.db.transaction().execute((trx) =>
        joinOrganization(trx, options, invitation, {
          userId: user.id,
          role: roles.join(',') || 'member',
          teamIds,
          now: isoNow(nowMs),
        }),
      );
      await auth.audit.record(request, {
        type: 'organization.invitation_accepted',
        target: { type: 'invitation', id: invitation.id },
        organizationId: invitation.organizationId,
        metadata: { memberId: member.id, role: member.role },
      });
      await setActiveState(auth, request, resolved, {
        activeOrganizationId: invitation.organizationId,
        activeTeamId: teamIds.length === 1 ? teamIds[0] : undefined,
      });
      return {
        invitation: invitationToJson({ ...invitation, status: 'accepted' }, options.teams !== undefined),
        member: memberToJson(member),
      };
    },
  });

/**
 * Marks the invitation accepted, seats the user on its teams and makes them a member, all or
 * nothing (docs/protocol/organization.md#accept-invitation steps 5–7): a refusal anywhere leaves the
 * invitation pending.
 */
async function joinOrganization(
  trx: Transaction<Schema>,
  options: ResolvedOrganization,
  invitation: InvitationRow,
  joining: { userId: string; role: string; teamIds: string[]; now: string },
) {
  const { organizationId } = invitation;
  const { userId, now } = joining;
  const existing = await findMember(trx, organizationId, userId);
  if (!existing && (await countMembers(trx, organizationId)) >= options.membershipLimit) {
    throw new AuthError('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
  }
  if (!(await transitionPending(trx, invitation.id, 'accepted'))) throw new AuthError('INVITATION_NOT_FOUND');
  if (options.teams) {
    for (const teamId of joining.teamIds) {
      await requireTeamSeat(trx, options.teams, organizationId, teamId, userId);
      await addTeamMember(trx, teamId, userId, now);
    }
  }
  if (existing) return existing;
  const row = { id: generateId(), organizationId, userId, role: joining.role, createdAt: now };
  await insertMember(trx, row);
  return row;
}

/** Declines a pending invitation, expired ones included (docs/protocol/organization.md#reject-invitation). */
export const rejectInvitationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'rejectInvitation',
    method: 'POST',
    path: '/organization/reject-invitation',
    summary: 'Decline an invitation',
    body,
    requires: 'session',
    response: z.object({ invitation: invitationJson, member: z.null() }),
    errors: [
      'INVITATION_NOT_FOUND',
      'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
      'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
      'ORGANIZATION_NOT_FOUND',
    ],
    async handler({ auth, request, body, session: { user } }) {
      const invitation = await findInvitationById(auth.db, body.invitationId);
      if (invitation?.status !== 'pending') {
        throw new AuthError('INVITATION_NOT_FOUND', { message: 'Invitation not found!' });
      }
      await recipientChecks(auth, options, invitation, user);
      if (!(await transitionPending(auth.db, invitation.id, 'rejected'))) {
        throw new AuthError('INVITATION_NOT_FOUND', { message: 'Invitation not found!' });
      }
      await auth.audit.record(request, {
        type: 'organization.invitation_rejected',
        target: { type: 'invitation', id: invitation.id },
        organizationId: invitation.organizationId,
      });
      const teams = options.teams !== undefined;
      return { invitation: invitationToJson({ ...invitation, status: 'rejected' }, teams), member: null };
    },
  });
