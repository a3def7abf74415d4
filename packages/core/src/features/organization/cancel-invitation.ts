import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findInvitationById, transitionPending } from './invitation.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { invitationToJson } from './organization-json.ts';
import { idSchema } from './organization-schemas.ts';

/**
 * Cancels a pending invitation (contract §3.12). An accepted, rejected or canceled invitation keeps
 * its status: the peer overwrites it, which misreports how a membership came about (README).
 */
export const cancelInvitation = defineEndpoint({
  name: 'cancelInvitation',
  method: 'POST',
  path: '/organization/cancel-invitation',
  body: z.object({ invitationId: idSchema }),
  requires: 'session',
  async handler({ auth, body, session: { user } }) {
    const invitation = await findInvitationById(auth.db, body.invitationId);
    if (!invitation) throw new AuthError('INVITATION_NOT_FOUND');
    const member = await memberOrThrow(auth, invitation.organizationId, user.id, 'MEMBER_NOT_FOUND');
    await requireMemberCan(
      auth,
      member,
      { invitation: ['cancel'] },
      'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
    );
    if (!(await findOrganizationById(auth.db, invitation.organizationId)))
      throw new AuthError('ORGANIZATION_NOT_FOUND');
    const canceled = await transitionPending(auth.db, invitation.id, 'canceled');
    const status = canceled ? 'canceled' : invitation.status;
    return invitationToJson({ ...invitation, status }, auth.options.organization!.teams !== undefined);
  },
});
