import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { userFromRow, userToJson } from '../../user/user.ts';
import { requirePermission } from './admin-access.ts';
import { FILTERABLE_FIELDS, findUsersPage, SORTABLE_FIELDS } from './admin-users.repository.ts';

const number = (max: number) => z.coerce.number().int().min(0).max(max);

/** Users, searched, filtered, sorted and paged, with the total the filters match. */
export const adminListUsers = defineEndpoint({
  name: 'adminListUsers',
  method: 'GET',
  path: '/admin/list-users',
  summary: 'List users: searched, filtered, sorted and paged',
  description: 'Answers the page with the total the filters match.',
  query: z.object({
    searchValue: z.string().max(256).optional(),
    searchField: z.enum(['email', 'name']).default('email'),
    searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).default('contains'),
    limit: number(1000).optional(),
    offset: number(1_000_000_000).optional(),
    sortBy: z.enum(SORTABLE_FIELDS).optional(),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    filterField: z.enum(FILTERABLE_FIELDS).default('email'),
    filterValue: z.string().max(256).optional(),
    filterOperator: z.enum(['eq', 'ne', 'contains']).default('eq'),
  }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({
    users: z.array(userJson),
    total: z.number().int(),
    limit: z.number().int().optional(),
    offset: z.number().int().optional(),
  }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_LIST_USERS'],
  async handler({ auth, query, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');
    // 0 counts as not given, as in the echo below: the default page, never an empty one.
    const page = { limit: query.limit || 100, offset: query.offset ?? 0 };
    const { rows, total } = await findUsersPage(auth.db, auth.dialect, { ...query, ...page });
    const fields = auth.options.additionalFields;
    return {
      users: rows.map((row) => userToJson(userFromRow(row, fields), fields)),
      total,
      ...(query.limit ? { limit: query.limit } : {}),
      ...(query.offset ? { offset: query.offset } : {}),
    };
  },
});
