import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { setActiveState } from './active-state.ts';
import { findMember } from './members/member.repository.ts';
import { findOrganizationById, findOrganizationBySlug } from './organization.repository.ts';
import { organizationToJson } from './organization-json.ts';
import { organizationJson } from './organization-response-schemas.ts';
import { idSchema, slugSchema } from './organization-schemas.ts';
import { enforceTwoFactorPolicy } from './policy/two-factor-policy.ts';

/**
 * Sets (or clears, with `organizationId: null`) the session's active organization
 * (docs/protocol/organization.md#set-active-organization).
 */
export const setActiveOrganization = defineEndpoint({
  name: 'setActiveOrganization',
  method: 'POST',
  path: '/organization/set-active',
  summary: "Set or clear the session's active organization",
  description: '`organizationId: null` clears it.',
  body: z.object({ organizationId: idSchema.nullable().optional(), organizationSlug: slugSchema.optional() }),
  requires: 'session',
  // A key session has no stored session to change (docs/protocol/api-key.md#decisions-for-gatehouse, K5).
  accepts: NOT_BY_API_KEY,
  response: organizationJson.nullable(),
  errors: [
    'ORGANIZATION_NOT_FOUND',
    ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 403],
    'TWO_FACTOR_REQUIRED_BY_ORGANIZATION',
  ],
  async handler({ auth, request, body, session: resolved }) {
    const active = resolved.session.activeOrganizationId;
    if (body.organizationId === null) {
      if (active) await setActiveState(auth, request, resolved, { activeOrganizationId: null });
      return null;
    }
    let organizationId = body.organizationId ?? active;
    if (body.organizationSlug !== undefined) {
      const found = await findOrganizationBySlug(auth.db, body.organizationSlug);
      if (!found) throw new AuthError('ORGANIZATION_NOT_FOUND');
      organizationId = found.id;
    }
    if (!organizationId) return null;
    // A refusal changes nothing: the active organization stays as it was (1.7 clears it first;
    // README: deliberate differences).
    if (!(await findMember(auth.db, organizationId, resolved.user.id))) {
      throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', { status: 403 });
    }
    const organization = await findOrganizationById(auth.db, organizationId);
    if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
    enforceTwoFactorPolicy(auth, organization.requireTwoFactor, resolved.user);
    await setActiveState(auth, request, resolved, { activeOrganizationId: organization.id });
    return organizationToJson(organization);
  },
});
