import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireSession } from '../../session/require-session.ts';
import { setActiveState } from './active-state.ts';
import { deleteOrganizationCascade } from './organization.repository.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import { organizationToJson } from './organization-json.ts';
import { WITH_PERMISSION } from './organization-refusals.ts';
import { organizationJson } from './organization-response-schemas.ts';
import { idSchema } from './organization-schemas.ts';
import { resolveCaller } from './policy/organization-caller.ts';

/**
 * Deletes an organization with its members, invitations, teams, roles and API keys
 * (docs/protocol/organization.md#delete-organization, docs/protocol/organization.md#owner-protections).
 */
export const deleteOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'deleteOrganization',
    method: 'POST',
    path: '/organization/delete',
    summary: 'Delete an organization',
    description: 'With its members, invitations, teams and roles.',
    body: z.object({ organizationId: idSchema }),
    // Deletion being off is answered before authentication (docs/protocol/organization.md#delete-organization
    // step 1).
    requires: 'none',
    keySessions: ['scoped', 'organization'],
    readsSession: 'session',
    response: organizationJson,
    // The session is read in the handler, after the deletion switch: its refusals are declared here.
    errors: [
      'ORGANIZATION_DELETION_DISABLED',
      ['FAILED_TO_GET_SESSION', 401],
      'UNAUTHORIZED',
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
      'ORGANIZATION_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body }) {
      if (options.disableOrganizationDeletion) throw new AuthError('ORGANIZATION_DELETION_DISABLED');
      const resolved = await requireSession(auth, request, 'session');
      const caller = await resolveCaller(auth, options, {
        organizationId: body.organizationId,
        user: resolved.user,
        notMember: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        permission: { organization: ['delete'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
      });
      const organization = await caller.requireOrganization();
      await auth.db.transaction().execute(async (trx) => {
        await deleteOrganizationCascade(trx, organization.id);
        // Its API keys go with it (docs/protocol/api-key.md#decisions-for-gatehouse, K6).
        await auth.ports.apiKeys?.deleteOwnedBy(trx, { organizationId: organization.id });
        await auth.audit.recordIn(trx, request, {
          type: 'organization.deleted',
          target: { type: 'organization', id: organization.id },
          organizationId: organization.id,
          metadata: { slug: organization.slug },
        });
      });
      if (resolved.session.activeOrganizationId === organization.id) {
        await setActiveState(auth, request, resolved, { activeOrganizationId: null });
      }
      return organizationToJson(organization);
    },
  });
