import { z } from 'zod';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { oneLine } from '../../../http/one-line.ts';
import { RawJson } from '../../../http/respond.ts';
import { askedOrganizationId } from '../load-organization.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberWithUserToJson } from '../organization-json.ts';
import { AS_MEMBER } from '../organization-refusals.ts';
import { memberWithUserJson } from '../organization-response-schemas.ts';
import { idSchema, slugSchema } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import {
  listMembersPage,
  type MemberPageQuery,
  memberFields,
  memberFilterOperators,
  readMemberPageVersion,
} from './member-page.repository.ts';
import { MemberPageCache } from './member-page-cache.ts';

const count = z.union([z.number().int().min(0), z.string().regex(/^\d{1,6}$/)]).transform(Number);
const scalar = z.union([z.string().max(256), z.number(), z.boolean()]);

/**
 * Members with their users, paged, sorted and filtered (docs/protocol/organization.md#list-members). An
 * unknown sort or filter field is a validation error here; the peer answers 500 (README). `search`
 * is Gatehouse's own: Better Auth filters on member fields only, so a name or email could not be
 * found among more members than one page holds. Whole-list pages are answered from the server's
 * kept answers while the organization's member-list version is unchanged (member-page-cache.ts).
 */
export const listMembersEndpoint = (options: ResolvedOrganization) => {
  const keptPages = new MemberPageCache();
  return defineEndpoint({
    name: 'listMembers',
    method: 'GET',
    path: '/organization/list-members',
    summary: "List an organization's members",
    description: 'With their users; paged, sorted and filtered.',
    query: z.object({
      limit: count.optional(),
      offset: count.optional(),
      sortBy: z.enum(memberFields).optional(),
      sortDirection: z.enum(['asc', 'desc']).optional(),
      filterField: z.enum(memberFields).optional(),
      filterValue: z.union([scalar, z.array(scalar).max(100)]).optional(),
      filterOperator: z.enum(memberFilterOperators).optional(),
      organizationId: idSchema.optional(),
      organizationSlug: slugSchema.optional(),
      // Gatehouse's addition (README of this folder): members whose name or email holds this text.
      search: oneLine(z.string().max(256)).optional(),
    }),
    requires: 'session',
    keySessions: ['organization'],
    response: z.object({ members: z.array(memberWithUserJson), total: z.number().int() }),
    errors: [
      'ORGANIZATION_NOT_FOUND',
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      ...AS_MEMBER,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: await askedOrganizationId(auth, query, session),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      });
      const { organizationId } = caller;
      const { filterField: field, filterValue: value } = query;
      const page: MemberPageQuery = {
        filter:
          field && value !== undefined ? { field, value, operator: query.filterOperator ?? 'eq' } : undefined,
        search: query.search?.trim() || undefined,
        sortBy: query.sortBy ?? 'createdAt',
        sortDirection: query.sortDirection ?? 'asc',
        limit: query.limit ?? options.membershipLimit,
        offset: query.offset ?? 0,
      };
      // Only whole-list pages are kept: a filter or search is rarely asked twice alike.
      const key =
        page.filter || page.search
          ? undefined
          : [organizationId, page.sortBy, page.sortDirection, page.limit, page.offset].join('\0');
      if (key !== undefined) {
        const version = await readMemberPageVersion(auth.db, organizationId);
        const kept = version === undefined ? undefined : keptPages.get(key, version);
        if (kept !== undefined) return new RawJson(kept);
      }
      const { rows, total, version } = await listMembersPage(auth.db, organizationId, page);
      const answer = { members: rows.map((row) => memberWithUserToJson(row, organizationId)), total };
      if (key === undefined || version === undefined) return answer;
      const text = JSON.stringify(answer);
      keptPages.keep(key, version, text);
      return new RawJson(text);
    },
  });
};
