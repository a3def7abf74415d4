import { z } from 'zod';
import { toDate } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { requireSession } from '../../../session/require-session.ts';
import { normalizeEmail } from '../../../user/email.ts';
import { findUserById } from '../../../user/user.repository.ts';
import { findMember } from '../members/member.repository.ts';
import { findOrganizationById } from '../organization.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { invitationToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { invitationJson } from '../organization-response-schemas.ts';
import { idSchema } from '../organization-schemas.ts';
import { invitationFilter } from '../policy/organization-access.ts';
import { findCaller, resolveCaller } from '../policy/organization-caller.ts';
import {
  findInvitationById,
  listInvitationsOfOrganization,
  listPendingInvitationsForEmail,
} from './invitation.repository.ts';

/**
 * One pending invitation with its organization's name and slug and the inviter's address
 * (docs/protocol/organization.md#get-invitation). Its recipient may read it; so may the organization's
 * members who can see its invitations (docs/protocol/organization.md#invitation-visibility), which the peer
 * refuses (README).
 */
export const getInvitationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'getInvitation',
    method: 'GET',
    path: '/organization/get-invitation',
    summary: 'Read one pending invitation',
    description:
      "With the organization's name and slug and the inviter's address; for its recipient, and for members " +
      "who may see the organization's invitations.",
    query: z.object({ id: idSchema }),
    requires: 'none',
    readsSession: 'session',
    response: invitationJson.extend({
      organizationName: z.string(),
      organizationSlug: z.string(),
      inviterEmail: z.string().nullable(),
    }),
    // The session is read in the handler: its refusals are declared here.
    errors: [
      ['FAILED_TO_GET_SESSION', 401],
      'NOT_AUTHENTICATED',
      'INVITATION_NOT_FOUND',
      'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
      'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
      'ORGANIZATION_NOT_FOUND',
      'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, query }) {
      const resolved = await requireSession(auth, request, 'optional');
      if (!resolved) throw new AuthError('NOT_AUTHENTICATED');
      const { user } = resolved;
      const invitation = await findInvitationById(auth.db, query.id);
      if (invitation?.status !== 'pending' || toDate(invitation.expiresAt).getTime() <= auth.options.now()) {
        throw new AuthError('INVITATION_NOT_FOUND');
      }
      if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
        const caller = await findCaller(auth, options, invitation.organizationId, user);
        const visible = caller ? await invitationFilter(options, caller) : null;
        if (!visible?.(invitation)) throw new AuthError('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
      } else if (options.requireEmailVerificationOnInvitation && !user.emailVerified) {
        throw new AuthError('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
      }
      const organization = await findOrganizationById(auth.db, invitation.organizationId);
      if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
      const inviter = await findMember(auth.db, invitation.organizationId, invitation.inviterId);
      if (!inviter) throw new AuthError('INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
      const inviterEmail = (await findUserById(auth.db, invitation.inviterId))?.email;
      return {
        ...invitationToJson(invitation, options.teams !== undefined),
        organizationName: organization.name,
        organizationSlug: organization.slug,
        inviterEmail: typeof inviterEmail === 'string' ? inviterEmail : null,
      };
    },
  });

/**
 * An organization's invitations of every status, as far as the caller may see them
 * (docs/protocol/organization.md#list-invitations).
 */
export const listInvitationsEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listInvitations',
    method: 'GET',
    path: '/organization/list-invitations',
    summary: "List an organization's invitations",
    description: 'Of every status, as far as the caller may see them.',
    query: z.object({ organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['organization'],
    response: z.array(invitationJson),
    errors: [
      'ORGANIZATION_ID_REQUIRED',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const organizationId = query.organizationId ?? session.activeOrganizationId;
      if (!organizationId) throw new AuthError('ORGANIZATION_ID_REQUIRED');
      const caller = await resolveCaller(auth, options, {
        organizationId,
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      });
      const visible = await invitationFilter(options, caller);
      if (!visible) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS');
      const rows = await listInvitationsOfOrganization(auth.db, organizationId);
      return rows.filter(visible).map((row) => invitationToJson(row, options.teams !== undefined));
    },
  });

/**
 * The signed-in user's pending invitations, expired ones included
 * (docs/protocol/organization.md#list-user-invitations).
 */
export const listUserInvitationsEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listUserInvitations',
    method: 'GET',
    path: '/organization/list-user-invitations',
    summary: "List the caller's pending invitations",
    description: 'Expired ones included.',
    query: z.object({ email: z.string().max(254).optional() }),
    requires: 'none',
    readsSession: 'session',
    response: z.array(invitationJson.extend({ organizationName: z.string() })),
    errors: [
      'EMAIL_NOT_ALLOWED_FROM_CLIENT',
      ['FAILED_TO_GET_SESSION', 401],
      'MISSING_SESSION_OR_EMAIL',
      'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    ],
    async handler({ auth, request, query }) {
      if (query.email !== undefined) throw new AuthError('EMAIL_NOT_ALLOWED_FROM_CLIENT');
      const resolved = await requireSession(auth, request, 'optional');
      if (!resolved) throw new AuthError('MISSING_SESSION_OR_EMAIL');
      if (!resolved.user.emailVerified) throw new AuthError('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
      const teams = options.teams !== undefined;
      const rows = await listPendingInvitationsForEmail(auth.db, normalizeEmail(resolved.user.email));
      return rows.map((row) => ({ ...invitationToJson(row, teams), organizationName: row.organizationName }));
    },
  });
