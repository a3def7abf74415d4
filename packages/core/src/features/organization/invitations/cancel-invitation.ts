import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { invitationToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { invitationJson } from '../organization-response-schemas.ts';
import { idSchema } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findInvitationById, transitionPending } from './invitation.repository.ts';

/**
 * Cancels a pending invitation (docs/protocol/organization.md#cancel-invitation). An accepted, rejected or
 * canceled invitation keeps its status: the peer overwrites it, which misreports how a membership came about
 * (README).
 */
export const cancelInvitationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'cancelInvitation',
    method: 'POST',
    path: '/organization/cancel-invitation',
    summary: 'Cancel a pending invitation',
    body: z.object({ invitationId: idSchema }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: invitationJson,
    errors: [
      'INVITATION_NOT_FOUND',
      'MEMBER_NOT_FOUND',
      'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
      'ORGANIZATION_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { user } }) {
      const invitation = await findInvitationById(auth.db, body.invitationId);
      if (!invitation) throw new AuthError('INVITATION_NOT_FOUND');
      const caller = await resolveCaller(auth, options, {
        organizationId: invitation.organizationId,
        user,
        notMember: 'MEMBER_NOT_FOUND',
        permission: { invitation: ['cancel'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
      });
      await caller.requireOrganization();
      const canceled = await transitionPending(auth.db, invitation.id, 'canceled');
      const status = canceled ? 'canceled' : invitation.status;
      if (canceled) {
        await auth.audit.record(request, {
          type: 'organization.invitation_canceled',
          target: { type: 'invitation', id: invitation.id },
          organizationId: invitation.organizationId,
        });
      }
      return invitationToJson({ ...invitation, status }, options.teams !== undefined);
    },
  });
