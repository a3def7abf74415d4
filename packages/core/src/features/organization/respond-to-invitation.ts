import { z } from 'zod';
import { splitOrganizationRoles } from '../../access/organization-roles.ts';
import type { AuthContext } from '../../context.ts';
import { generateId } from '../../crypto/random.ts';
import { isoNow, toDate } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { User } from '../../user/user.ts';
import { setActiveState } from './active-state.ts';
import { findInvitationById, setInvitationStatus, transitionPending } from './invitation.repository.ts';
import { countMembers, findMember } from './member.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import { unknownRoles } from './organization-access.ts';
import { invitationToJson, memberToJson } from './organization-json.ts';
import { idSchema } from './organization-schemas.ts';
import { addTeamMember, countTeamMembers, findTeam, findTeamMember } from './team.repository.ts';

const body = z.object({ invitationId: idSchema });

/** The recipient checks shared by accept and reject. */
async function recipientChecks(
  auth: AuthContext,
  invitation: { email: string; organizationId: string },
  user: User,
) {
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AuthError('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
  }
  if (auth.options.organization!.requireEmailVerificationOnInvitation && !user.emailVerified) {
    throw new AuthError('EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION');
  }
  if (!(await findOrganizationById(auth.db, invitation.organizationId)))
    throw new AuthError('ORGANIZATION_NOT_FOUND');
}

/**
 * Accepts an invitation: the recipient becomes a member with its roles, joins its teams, and the
 * organization becomes active (contract §3.10). Someone who is already a member keeps their one
 * member row (the peer adds a second; README).
 */
export const acceptInvitation = defineEndpoint({
  name: 'acceptInvitation',
  method: 'POST',
  path: '/organization/accept-invitation',
  body,
  requires: 'session',
  async handler({ auth, request, body, session: resolved }) {
    const { user } = resolved;
    const options = auth.options.organization!;
    const nowMs = auth.options.now();
    const invitation = await findInvitationById(auth.db, body.invitationId);
    if (invitation?.status !== 'pending' || toDate(invitation.expiresAt).getTime() <= nowMs) {
      throw new AuthError('INVITATION_NOT_FOUND');
    }
    await recipientChecks(auth, invitation, user);
    // A stored role deleted since the invitation was sent must not become a member's role.
    const roles = splitOrganizationRoles(invitation.role);
    const unknown = await unknownRoles(auth, invitation.organizationId, roles);
    if (unknown.length > 0) {
      throw new AuthError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
    }
    const existing = await findMember(auth.db, invitation.organizationId, user.id);
    if (!existing && (await countMembers(auth.db, invitation.organizationId)) >= options.membershipLimit) {
      throw new AuthError('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
    }
    if (!(await transitionPending(auth.db, invitation.id, 'accepted')))
      throw new AuthError('INVITATION_NOT_FOUND');

    const now = isoNow(nowMs);
    const teamIds = options.teams ? (invitation.teamId ?? '').split(',').filter(Boolean) : [];
    let member: Record<string, unknown>;
    try {
      member = await auth.db.transaction().execute(async (trx) => {
        for (const teamId of teamIds) {
          if (!(await findTeam(trx, invitation.organizationId, teamId)))
            throw new AuthError('TEAM_NOT_FOUND');
          const seated = await findTeamMember(trx, teamId, user.id);
          if (!seated && (await countTeamMembers(trx, teamId)) >= options.teams!.maximumMembersPerTeam) {
            throw new AuthError('TEAM_MEMBER_LIMIT_REACHED');
          }
          await addTeamMember(trx, teamId, user.id, now);
        }
        if (existing) return existing;
        const row = {
          id: generateId(),
          organizationId: invitation.organizationId,
          userId: user.id,
          role: roles.join(',') || 'member',
          createdAt: now,
        };
        await trx.insertInto('member').values(row).execute();
        return row;
      });
    } catch (error) {
      await setInvitationStatus(auth.db, invitation.id, 'pending');
      throw error;
    }
    await setActiveState(
      auth,
      request,
      resolved,
      invitation.organizationId,
      teamIds.length === 1 ? teamIds[0] : undefined,
    );
    return {
      invitation: invitationToJson({ ...invitation, status: 'accepted' }, options.teams !== undefined),
      member: memberToJson(member),
    };
  },
});

/** Declines a pending invitation, expired ones included (contract §3.11). */
export const rejectInvitation = defineEndpoint({
  name: 'rejectInvitation',
  method: 'POST',
  path: '/organization/reject-invitation',
  body,
  requires: 'session',
  async handler({ auth, body, session: { user } }) {
    const invitation = await findInvitationById(auth.db, body.invitationId);
    if (invitation?.status !== 'pending') {
      throw new AuthError('INVITATION_NOT_FOUND', { message: 'Invitation not found!' });
    }
    await recipientChecks(auth, invitation, user);
    if (!(await transitionPending(auth.db, invitation.id, 'rejected'))) {
      throw new AuthError('INVITATION_NOT_FOUND', { message: 'Invitation not found!' });
    }
    const teams = auth.options.organization!.teams !== undefined;
    return { invitation: invitationToJson({ ...invitation, status: 'rejected' }, teams), member: null };
  },
});
