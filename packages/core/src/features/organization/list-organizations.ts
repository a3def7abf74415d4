import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { listOrganizationsOfUser } from './organization.repository.ts';
import { organizationToJson } from './organization-json.ts';
import { organizationJson } from './organization-response-schemas.ts';

/** The organizations the caller is a member of (docs/protocol/organization.md#list-organizations). */
export const listOrganizations = defineEndpoint({
  name: 'listOrganizations',
  method: 'GET',
  path: '/organization/list',
  summary: 'List the organizations the caller belongs to',
  requires: 'session',
  response: z.array(organizationJson),
  errors: [],
  async handler({ auth, session: { user } }) {
    const rows = await listOrganizationsOfUser(auth.db, user.id);
    return rows.map((row) => organizationToJson(row));
  },
});
