import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireSession } from '../../session/require-session.ts';
import { setActiveState } from './active-state.ts';
import { deleteOrganizationCascade, findOrganizationById } from './organization.repository.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { organizationToJson } from './organization-json.ts';
import { idSchema } from './organization-schemas.ts';

/** Deletes an organization with its members, invitations, teams and roles (contract §3.3, §3.40). */
export const deleteOrganization = defineEndpoint({
  name: 'deleteOrganization',
  method: 'POST',
  path: '/organization/delete',
  body: z.object({ organizationId: idSchema }),
  // Deletion being off is answered before authentication (contract §3.3 step 1).
  requires: 'none',
  async handler({ auth, request, body }) {
    if (auth.options.organization!.disableOrganizationDeletion)
      throw new AuthError('ORGANIZATION_DELETION_DISABLED');
    const resolved = await requireSession(auth, request, 'session');
    const member = await memberOrThrow(
      auth,
      body.organizationId,
      resolved.user.id,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
    await requireMemberCan(
      auth,
      member,
      { organization: ['delete'] },
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    );
    const organization = await findOrganizationById(auth.db, body.organizationId);
    if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
    await deleteOrganizationCascade(auth.db, organization.id);
    if (resolved.session.activeOrganizationId === organization.id)
      await setActiveState(auth, request, resolved, null);
    return organizationToJson(organization);
  },
});
