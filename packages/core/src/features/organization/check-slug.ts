import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { findOrganizationBySlug } from './organization.repository.ts';
import { slugSchema } from './organization-schemas.ts';

/**
 * Whether a slug is free: `{ status: true }`, or 400 when taken (docs/protocol/organization.md#check-slug).
 */
export const checkOrganizationSlug = defineEndpoint({
  name: 'checkOrganizationSlug',
  method: 'POST',
  path: '/organization/check-slug',
  summary: 'Whether an organization slug is free',
  description: 'Answers `{ status: true }`, or 400 when it is taken.',
  body: z.object({ slug: slugSchema }),
  requires: 'session',
  response: statusJson,
  errors: ['ORGANIZATION_SLUG_ALREADY_TAKEN'],
  async handler({ auth, body }) {
    if (await findOrganizationBySlug(auth.db, body.slug))
      throw new AuthError('ORGANIZATION_SLUG_ALREADY_TAKEN');
    return { status: true };
  },
});
