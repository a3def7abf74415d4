import type { Transaction } from 'kysely';
import { z } from 'zod';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import type { AuthContext } from '../../../context.ts';
import { generateId } from '../../../crypto/random.ts';
import { isoNow, type Schema } from '../../../db/schema.ts';
import { emailLanguage } from '../../../email/language.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { isValidEmail, normalizeEmail } from '../../../user/email.ts';
import { findMemberByEmail } from '../members/member.repository.ts';
import type { ResolvedOrganization, ResolvedTeams } from '../organization-config.ts';
import { invitationToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { invitationJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr, roleInputSchema } from '../organization-schemas.ts';
import { requireCanGrantRoles } from '../policy/organization-access.ts';
import { type OrganizationCaller, resolveCaller } from '../policy/organization-caller.ts';
import { requireTeamSeat } from '../teams/team-seats.ts';
import {
  countPendingInvitations,
  deleteInvitation,
  findPendingInvitations,
  type InvitationRow,
  insertInvitation,
  type NewInvitationRow,
  setInvitationExpiry,
  setInvitationStatus,
} from './invitation.repository.ts';
import { type InvitationMail, sendInvitationEmail } from './invitation-email.ts';

const body = z.object({
  email: z.string().max(254),
  role: roleInputSchema,
  organizationId: idSchema.optional(),
  resend: z.boolean().optional(),
  teamId: z.union([idSchema, z.array(idSchema).max(32)]).optional(),
});

/**
 * Invites an address into an organization, or re-sends a pending invitation
 * (docs/protocol/organization.md#invite-member).
 */
export const inviteMemberEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'createInvitation',
    method: 'POST',
    path: '/organization/invite-member',
    summary: 'Invite an email address into an organization',
    description: 'Re-sends a pending invitation to the same address (`resend: true`).',
    body,
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: invitationJson,
    errors: [
      'ORGANIZATION_NOT_FOUND',
      'INVALID_EMAIL',
      'MEMBER_NOT_FOUND',
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
      'ROLE_NOT_FOUND',
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
      'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
      'INVITATION_LIMIT_REACHED',
      'INVALID_TEAM_ID',
      'TEAM_NOT_FOUND',
      'TEAM_MEMBER_LIMIT_REACHED',
      'FAILED_TO_SEND_EMAIL',
      'TOO_MANY_EMAILS',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const organizationId = organizationIdOr(body.organizationId, session, 'ORGANIZATION_NOT_FOUND');
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email)) throw new AuthError('INVALID_EMAIL');
      const caller = await resolveCaller(auth, options, {
        organizationId,
        user,
        notMember: 'MEMBER_NOT_FOUND',
        permission: { invitation: ['create'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
      });
      const roles = await grantableRoles(options, caller, body.role);
      if (await findMemberByEmail(auth.db, organizationId, email)) {
        throw new AuthError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      }
      const nowMs = auth.options.now();
      const pending = await findPendingInvitations(auth.db, organizationId, email, isoNow(nowMs));
      const existing = pending[0];
      if (existing && !body.resend && !options.cancelPendingInvitationsOnReInvite) {
        throw new AuthError('USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
      }
      const mail = {
        inviter: user,
        organizationName: (await caller.requireOrganization()).name,
        language: emailLanguage(request),
        log: request.log,
      };
      const expiresAt = isoNow(nowMs + options.invitationExpiresIn * 1000);
      const teams = options.teams !== undefined;
      if (existing && body.resend) {
        return invitationToJson(
          await resendInvitation(auth, options, caller, existing, expiresAt, mail),
          teams,
        );
      }
      // As in the peer, the replaced invitation stays canceled even if a check below refuses the new one.
      if (existing && options.cancelPendingInvitationsOnReInvite) {
        await setInvitationStatus(auth.db, existing.id, 'canceled');
      }
      const role = roles.join(',');
      const invitation = {
        id: generateId(),
        organizationId,
        email,
        role,
        expiresAt,
        createdAt: isoNow(nowMs),
        inviterId: user.id,
      };
      const stored = await auth.db
        .transaction()
        .execute((trx) => insertWithinLimits(trx, options, invitation, body.teamId));
      await deliverOrWithdraw(auth, options, stored, mail);
      await auth.audit.record(request, {
        type: 'organization.invitation_created',
        target: { type: 'invitation', id: stored.id },
        organizationId,
        metadata: { email, role },
      });
      return invitationToJson(stored, teams);
    },
  });

/**
 * The roles an invitation gives, checked (docs/protocol/organization.md#invite-member steps 5–7). The peer
 * only checks names here; an invitation for a role that does not exist could never be accepted into anything
 * meaningful, so unknown names are refused (README).
 */
async function grantableRoles(
  options: ResolvedOrganization,
  caller: OrganizationCaller,
  role: z.infer<typeof body>['role'] | null,
): Promise<string[]> {
  const roles = splitOrganizationRoles(role);
  if (roles.length === 0) throw new AuthError('ROLE_NOT_FOUND');
  await caller.roles.requireKnown(roles);
  if (roles.includes(options.creatorRole) && !caller.isCreator) {
    throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
  }
  await requireCanGrantRoles(caller, roles, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
  return roles;
}

/**
 * Resend: the same invitation with a new expiry, mailed again (docs/protocol/organization.md#invite-member
 * step 11); the expiry moves only once the mail is accepted. The roles it keeps are checked as a new invitation's are: the peer checks only the creator
 * role, which let a caller renew an invitation for a role they could not give (README).
 */
async function resendInvitation(
  auth: AuthContext,
  options: ResolvedOrganization,
  caller: OrganizationCaller,
  invitation: InvitationRow,
  expiresAt: string,
  mail: InvitationMail,
) {
  await grantableRoles(options, caller, invitation.role);
  const renewed = { ...invitation, expiresAt };
  // Mailed first: a refused mail (budget, SMTP) leaves the invitation as its last mail announced it.
  await sendInvitationEmail(auth, options, renewed, mail);
  await setInvitationExpiry(auth.db, invitation.id, expiresAt);
  return renewed;
}

/**
 * Stores a new invitation if the organization's pending invitations and the named teams have room
 * (docs/protocol/organization.md#invite-member steps 13–15), counting and inserting in one transaction.
 */
async function insertWithinLimits(
  trx: Transaction<Schema>,
  options: ResolvedOrganization,
  invitation: Omit<NewInvitationRow, 'teamId' | 'status'>,
  teamId: string | string[] | undefined,
): Promise<NewInvitationRow> {
  const { organizationId, createdAt: now } = invitation;
  if ((await countPendingInvitations(trx, organizationId, now)) >= options.invitationLimit) {
    throw new AuthError('INVITATION_LIMIT_REACHED');
  }
  const teamIds =
    options.teams && teamId !== undefined
      ? await seatsOnTeams(trx, options.teams, organizationId, [teamId].flat())
      : [];
  // No team given: no empty team reference (the peer stores '' in some paths; README).
  const row = {
    ...invitation,
    teamId: teamIds.length > 0 ? [...new Set(teamIds)].join(',') : null,
    status: 'pending',
  };
  await insertInvitation(trx, row);
  return row;
}

/** The teams an invitation names: each must be in the organization and have a free seat. */
async function seatsOnTeams(
  trx: Transaction<Schema>,
  teams: ResolvedTeams,
  organizationId: string,
  teamIds: string[],
): Promise<string[]> {
  if (teamIds.some((id) => id.includes(','))) throw new AuthError('INVALID_TEAM_ID');
  for (const teamId of teamIds) await requireTeamSeat(trx, teams, organizationId, teamId);
  return teamIds;
}

/** Undelivered means not invited: the inviter sees the 502 and can simply try again. */
async function deliverOrWithdraw(
  auth: AuthContext,
  options: ResolvedOrganization,
  invitation: NewInvitationRow,
  mail: InvitationMail,
): Promise<void> {
  try {
    await sendInvitationEmail(auth, options, invitation, mail);
  } catch (error) {
    await deleteInvitation(auth.db, invitation.id);
    throw error;
  }
}
