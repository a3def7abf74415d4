import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findOrganizationBySlug, updateOrganizationRow } from './organization.repository.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import { organizationToJson } from './organization-json.ts';
import { WITH_PERMISSION } from './organization-refusals.ts';
import { writtenOrganizationJson } from './organization-response-schemas.ts';
import {
  idSchema,
  logoSchema,
  metadataSchema,
  nameSchema,
  organizationIdOr,
  slugSchema,
} from './organization-schemas.ts';
import { resolveCaller } from './policy/organization-caller.ts';
import { assertCanRequireTwoFactor } from './policy/two-factor-policy.ts';

/**
 * Renames, re-slugs, re-logos an organization or replaces its metadata
 * (docs/protocol/organization.md#update-organization).
 */
export const updateOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'updateOrganization',
    method: 'POST',
    path: '/organization/update',
    summary: "Change an organization's name, slug, logo or metadata",
    body: z.object({
      data: z.object({
        name: nameSchema.optional(),
        slug: slugSchema.optional(),
        logo: logoSchema.nullable().optional(),
        metadata: metadataSchema.optional(),
        requireTwoFactor: z.boolean().optional(),
      }),
      organizationId: idSchema.optional(),
    }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: writtenOrganizationJson,
    errors: [
      'ORGANIZATION_NOT_FOUND',
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
      'NO_DATA_TO_UPDATE',
      'ORGANIZATION_SLUG_ALREADY_TAKEN',
      'TWO_FACTOR_NOT_ENABLED',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'ORGANIZATION_NOT_FOUND'),
        user,
        notMember: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        permission: { organization: ['update'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
      });
      const { metadata, ...fields } = body.data;
      // The peer answers an empty update with a 500; nothing to change is the caller's mistake.
      if (metadata === undefined && Object.values(fields).every((value) => value === undefined)) {
        throw new AuthError('NO_DATA_TO_UPDATE');
      }
      if (fields.slug !== undefined) {
        const holder = await findOrganizationBySlug(auth.db, fields.slug);
        if (holder && holder.id !== caller.organizationId)
          throw new AuthError('ORGANIZATION_SLUG_ALREADY_TAKEN');
      }
      if (fields.requireTwoFactor === true) assertCanRequireTwoFactor(auth, user);
      const organization = await caller.requireOrganization();
      const { requireTwoFactor, ...named } = fields;
      const changes = {
        ...named,
        ...(metadata === undefined ? {} : { metadata: JSON.stringify(metadata) }),
        ...(requireTwoFactor === undefined ? {} : { requireTwoFactor: requireTwoFactor ? 1 : 0 }),
      };
      await updateOrganizationRow(auth.db, organization.id, changes);
      const target = { type: 'organization', id: organization.id } as const;
      const fieldNames = Object.keys(changes).filter((name) => name !== 'requireTwoFactor');
      if (fieldNames.length > 0) {
        await auth.audit.record(request, {
          type: 'organization.updated',
          target,
          organizationId: organization.id,
          metadata: { fields: fieldNames },
        });
      }
      if (requireTwoFactor !== undefined) {
        await auth.audit.record(request, {
          type: 'organization.two_factor_policy_changed',
          target,
          organizationId: organization.id,
          metadata: { required: requireTwoFactor },
        });
      }
      return organizationToJson({ ...organization, ...changes }, true);
    },
  });
