import { z } from 'zod';
import { toDate } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireSession } from '../../session/require-session.ts';
import { normalizeEmail } from '../../user/user.repository.ts';
import {
  findInvitationById,
  listInvitationsOfOrganization,
  listPendingInvitationsForEmail,
} from './invitation.repository.ts';
import { findMember } from './member.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import { invitationFilter } from './organization-access.ts';
import { invitationToJson } from './organization-json.ts';
import { idSchema } from './organization-schemas.ts';

/**
 * One pending invitation with its organization's name and slug and the inviter's address
 * (contract §3.13). Its recipient may read it; so may the organization's members who can see its
 * invitations (§1.8), which the peer refuses (README).
 */
export const getInvitation = defineEndpoint({
  name: 'getInvitation',
  method: 'GET',
  path: '/organization/get-invitation',
  query: z.object({ id: idSchema }),
  requires: 'none',
  async handler({ auth, request, query }) {
    const resolved = await requireSession(auth, request, 'optional');
    if (!resolved) throw new AuthError('NOT_AUTHENTICATED');
    const { user } = resolved;
    const invitation = await findInvitationById(auth.db, query.id);
    if (invitation?.status !== 'pending' || toDate(invitation.expiresAt).getTime() <= auth.options.now()) {
      throw new AuthError('INVITATION_NOT_FOUND');
    }
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      const member = await findMember(auth.db, invitation.organizationId, user.id);
      const visible = member ? await invitationFilter(auth, member) : null;
      if (!visible?.(invitation)) throw new AuthError('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
    } else if (auth.options.organization!.requireEmailVerificationOnInvitation && !user.emailVerified) {
      throw new AuthError('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
    }
    const organization = await findOrganizationById(auth.db, invitation.organizationId);
    if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
    const inviter = await findMember(auth.db, invitation.organizationId, invitation.inviterId);
    if (!inviter) throw new AuthError('INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
    const inviterUser = await auth.db
      .selectFrom('user')
      .select('email')
      .where('id', '=', invitation.inviterId)
      .executeTakeFirst();
    return {
      ...invitationToJson(invitation, auth.options.organization!.teams !== undefined),
      organizationName: organization.name,
      organizationSlug: organization.slug,
      inviterEmail: inviterUser?.email ?? null,
    };
  },
});

/** An organization's invitations of every status, as far as the caller may see them (contract §3.14). */
export const listInvitations = defineEndpoint({
  name: 'listInvitations',
  method: 'GET',
  path: '/organization/list-invitations',
  query: z.object({ organizationId: idSchema.optional() }),
  requires: 'session',
  async handler({ auth, query, session: { session, user } }) {
    const organizationId = query.organizationId ?? session.activeOrganizationId;
    if (!organizationId) throw new AuthError('ORGANIZATION_ID_REQUIRED');
    const member = await findMember(auth.db, organizationId, user.id);
    if (!member) throw new AuthError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    const visible = await invitationFilter(auth, member);
    if (!visible) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS');
    const teams = auth.options.organization!.teams !== undefined;
    const rows = await listInvitationsOfOrganization(auth.db, organizationId);
    return rows.filter(visible).map((row) => invitationToJson(row, teams));
  },
});

/** The signed-in user's pending invitations, expired ones included (contract §3.15). */
export const listUserInvitations = defineEndpoint({
  name: 'listUserInvitations',
  method: 'GET',
  path: '/organization/list-user-invitations',
  query: z.object({ email: z.string().max(254).optional() }),
  requires: 'none',
  async handler({ auth, request, query }) {
    if (query.email !== undefined) throw new AuthError('EMAIL_NOT_ALLOWED_FROM_CLIENT');
    const resolved = await requireSession(auth, request, 'optional');
    if (!resolved) throw new AuthError('MISSING_SESSION_OR_EMAIL');
    if (!resolved.user.emailVerified) throw new AuthError('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
    const teams = auth.options.organization!.teams !== undefined;
    const rows = await listPendingInvitationsForEmail(auth.db, normalizeEmail(resolved.user.email));
    return rows.map((row) => ({ ...invitationToJson(row, teams), organizationName: row.organizationName }));
  },
});
