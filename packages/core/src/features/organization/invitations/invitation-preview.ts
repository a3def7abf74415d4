import { z } from 'zod';
import { toDate, toIsoText } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { findUserById } from '../../../user/user.repository.ts';
import { findOrganizationById } from '../organization.repository.ts';
import { idSchema } from '../organization-schemas.ts';
import { findInvitationById } from './invitation.repository.ts';

/**
 * What the invitation page shows a person who is not signed in yet (Gatehouse's addition; Better
 * Auth's get-invitation needs the recipient's session): who invites which address to what, so
 * they know whether to sign in or create an account, and with which address. The invitation id
 * is the secret the email carried, random and unguessable, so holding the link is what lets one
 * read this, as it is what lets one accept after signing in. Nothing else of the organization or
 * the inviter is shown: no ids, no inviter address.
 */
export const invitationPreviewEndpoint = defineEndpoint({
  name: 'getInvitationPreview',
  method: 'GET',
  path: '/organization/invitation-preview',
  summary: 'What an invitation shows a person not signed in yet',
  description:
    'Gatehouse only: who invites which address to what, so the person knows whether to sign in or create an ' +
    'account. The invitation id is the secret the email carries.',
  query: z.object({ id: idSchema }),
  requires: 'none',
  response: z.object({
    id: z.string(),
    email: z.string(),
    role: z.string(),
    expiresAt: z.iso.datetime(),
    organizationName: z.string(),
    organizationLogo: z.string().nullable(),
    inviterName: z.string().nullable(),
  }),
  errors: ['INVITATION_NOT_FOUND'],
  async handler({ auth, query }) {
    const invitation = await findInvitationById(auth.db, query.id);
    if (invitation?.status !== 'pending' || toDate(invitation.expiresAt).getTime() <= auth.options.now()) {
      throw new AuthError('INVITATION_NOT_FOUND');
    }
    const organization = await findOrganizationById(auth.db, invitation.organizationId);
    if (!organization) throw new AuthError('INVITATION_NOT_FOUND');
    const inviter = await findUserById(auth.db, invitation.inviterId);
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: toIsoText(invitation.expiresAt),
      organizationName: organization.name,
      organizationLogo: organization.logo ?? null,
      inviterName: typeof inviter?.name === 'string' ? inviter.name : null,
    };
  },
});
