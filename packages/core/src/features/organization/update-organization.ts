import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import {
  findOrganizationById,
  findOrganizationBySlug,
  updateOrganizationRow,
} from './organization.repository.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { organizationToJson } from './organization-json.ts';
import {
  idSchema,
  logoSchema,
  metadataSchema,
  nameSchema,
  organizationIdOr,
  slugSchema,
} from './organization-schemas.ts';

/** Renames, re-slugs, re-logos an organization or replaces its metadata (contract §3.2). */
export const updateOrganization = defineEndpoint({
  name: 'updateOrganization',
  method: 'POST',
  path: '/organization/update',
  body: z.object({
    data: z.object({
      name: nameSchema.optional(),
      slug: slugSchema.optional(),
      logo: logoSchema.nullable().optional(),
      metadata: metadataSchema.optional(),
    }),
    organizationId: idSchema.optional(),
  }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const organizationId = organizationIdOr(body.organizationId, session, 'ORGANIZATION_NOT_FOUND');
    const member = await memberOrThrow(
      auth,
      organizationId,
      user.id,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
    await requireMemberCan(
      auth,
      member,
      { organization: ['update'] },
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
    );
    const { data } = body;
    // The peer answers an empty update with a 500; nothing to change is the caller's mistake.
    if (Object.values(data).every((value) => value === undefined)) throw new AuthError('NO_DATA_TO_UPDATE');
    if (data.slug !== undefined) {
      const holder = await findOrganizationBySlug(auth.db, data.slug);
      if (holder && holder.id !== organizationId) throw new AuthError('ORGANIZATION_SLUG_ALREADY_TAKEN');
    }
    if (!(await findOrganizationById(auth.db, organizationId))) throw new AuthError('ORGANIZATION_NOT_FOUND');
    await updateOrganizationRow(auth.db, organizationId, {
      name: data.name,
      slug: data.slug,
      logo: data.logo,
      metadata: data.metadata === undefined ? undefined : JSON.stringify(data.metadata),
    });
    return organizationToJson((await findOrganizationById(auth.db, organizationId))!, true);
  },
});
