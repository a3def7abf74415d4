import { z } from 'zod';
import { splitOrganizationRoles } from '../../access/organization-roles.ts';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { isValidEmail } from '../../user/email.ts';
import { normalizeEmail } from '../../user/user.repository.ts';
import {
  countPendingInvitations,
  findInvitationById,
  findPendingInvitations,
  insertInvitation,
  setInvitationExpiry,
  setInvitationStatus,
} from './invitation.repository.ts';
import { sendInvitationEmail } from './invitation-email.ts';
import { findMemberByEmail } from './member.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import {
  isCreator,
  memberOrThrow,
  requireCanGrantRoles,
  requireMemberCan,
  unknownRoles,
} from './organization-access.ts';
import { invitationToJson } from './organization-json.ts';
import { idSchema, organizationIdOr, roleInputSchema } from './organization-schemas.ts';
import { countTeamMembers, findTeam } from './team.repository.ts';

/** Invites an address into an organization, or re-sends a pending invitation (contract §3.9). */
export const inviteMember = defineEndpoint({
  name: 'createInvitation',
  method: 'POST',
  path: '/organization/invite-member',
  body: z.object({
    email: z.string().max(254),
    role: roleInputSchema,
    organizationId: idSchema.optional(),
    resend: z.boolean().optional(),
    teamId: z.union([idSchema, z.array(idSchema).max(32)]).optional(),
  }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const options = auth.options.organization!;
    const organizationId = organizationIdOr(body.organizationId, session, 'ORGANIZATION_NOT_FOUND');
    const email = normalizeEmail(body.email);
    if (!isValidEmail(email)) throw new AuthError('INVALID_EMAIL');
    const member = await memberOrThrow(auth, organizationId, user.id, 'MEMBER_NOT_FOUND');
    await requireMemberCan(
      auth,
      member,
      { invitation: ['create'] },
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    );
    const roles = splitOrganizationRoles(body.role);
    if (roles.length === 0) throw new AuthError('ROLE_NOT_FOUND');
    // The peer only checks names here; an invitation for a role that does not exist could never
    // be accepted into anything meaningful, so unknown names are refused (README).
    const unknown = await unknownRoles(auth, organizationId, roles);
    if (unknown.length > 0)
      throw new AuthError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
    const callerIsCreator = isCreator(auth, member.role);
    if (roles.includes(options.creatorRole) && !callerIsCreator) {
      throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
    }
    await requireCanGrantRoles(auth, member, roles, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
    if (await findMemberByEmail(auth.db, organizationId, email)) {
      throw new AuthError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
    }
    const nowMs = auth.options.now();
    const now = isoNow(nowMs);
    const pending = await findPendingInvitations(auth.db, organizationId, email, now);
    if (pending.length > 0 && !body.resend && !options.cancelPendingInvitationsOnReInvite) {
      throw new AuthError('USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
    }
    const organization = await findOrganizationById(auth.db, organizationId);
    if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
    const expiresAt = isoNow(nowMs + options.invitationExpiresIn * 1000);
    const teams = options.teams !== undefined;

    const existing = pending[0];
    if (existing && body.resend) {
      if (isCreator(auth, existing.role) && !callerIsCreator) {
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
      }
      await setInvitationExpiry(auth.db, existing.id, expiresAt);
      const updated = (await findInvitationById(auth.db, existing.id))!;
      await sendInvitationEmail(auth, updated, user, organization.name);
      return invitationToJson(updated, teams);
    }
    if (existing && options.cancelPendingInvitationsOnReInvite) {
      await setInvitationStatus(auth.db, existing.id, 'canceled');
    }
    if ((await countPendingInvitations(auth.db, organizationId, now)) >= options.invitationLimit) {
      throw new AuthError('INVITATION_LIMIT_REACHED');
    }
    const teamIds = teams && body.teamId !== undefined ? [body.teamId].flat() : [];
    if (teamIds.some((id) => id.includes(','))) throw new AuthError('INVALID_TEAM_ID');
    for (const teamId of teamIds) {
      if (!(await findTeam(auth.db, organizationId, teamId))) throw new AuthError('TEAM_NOT_FOUND');
      if ((await countTeamMembers(auth.db, teamId)) >= options.teams!.maximumMembersPerTeam) {
        throw new AuthError('TEAM_MEMBER_LIMIT_REACHED');
      }
    }
    const invitation = {
      id: generateId(),
      organizationId,
      email,
      role: roles.join(','),
      // No team given: no empty team reference (the peer stores '' in some paths; README).
      teamId: teamIds.length > 0 ? [...new Set(teamIds)].join(',') : null,
      status: 'pending',
      expiresAt,
      createdAt: now,
      inviterId: user.id,
    };
    await insertInvitation(auth.db, invitation);
    try {
      await sendInvitationEmail(auth, invitation, user, organization.name);
    } catch (error) {
      // Undelivered means not invited: the inviter sees the 502 and can simply try again.
      await auth.db.deleteFrom('invitation').where('id', '=', invitation.id).execute();
      throw error;
    }
    return invitationToJson(invitation, teams);
  },
});
