import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userFromRow, userToJson } from '../../user/user.ts';
import { requirePermission } from './admin-access.ts';

const SORTABLE = ['name', 'email', 'createdAt', 'updatedAt', 'role', 'banned', 'emailVerified'] as const;
const FILTERABLE = ['email', 'name', 'role', 'banned', 'emailVerified', 'id'] as const;
const BOOLEAN_FIELDS = new Set(['banned', 'emailVerified']);

const number = (max: number) => z.coerce.number().int().min(0).max(max);

/** Users, searched, filtered, sorted and paged, with the total the filters match. */
export const adminListUsers = defineEndpoint({
  name: 'adminListUsers',
  method: 'GET',
  path: '/admin/list-users',
  query: z.object({
    searchValue: z.string().max(256).optional(),
    searchField: z.enum(['email', 'name']).default('email'),
    searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).default('contains'),
    limit: number(1000).optional(),
    offset: number(1_000_000_000).optional(),
    sortBy: z.enum(SORTABLE).optional(),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    filterField: z.enum(FILTERABLE).default('email'),
    filterValue: z.string().max(256).optional(),
    filterOperator: z.enum(['eq', 'ne', 'contains']).default('eq'),
  }),
  requires: 'sensitive',
  async handler({ auth, query, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');

    const conditions: Expression<SqlBool>[] = [];
    if (query.searchValue) {
      const pattern = {
        contains: `%${escapeLike(query.searchValue)}%`,
        starts_with: `${escapeLike(query.searchValue)}%`,
        ends_with: `%${escapeLike(query.searchValue)}`,
      }[query.searchOperator];
      // Case-insensitive on every database, matching what a person typing into a search box expects.
      // Both sides go through the database's own lower(): SQLite's folds ASCII only, so a pattern
      // lowered here could never match a stored capital like the É of Élodie.
      conditions.push(sql<SqlBool>`lower(${sql.ref(query.searchField)}) like lower(${pattern}) escape '\\'`);
    }
    if (query.filterValue !== undefined) {
      const field = sql.ref(query.filterField);
      const value = BOOLEAN_FIELDS.has(query.filterField)
        ? query.filterValue === 'true'
          ? 1
          : 0
        : query.filterValue;
      if (BOOLEAN_FIELDS.has(query.filterField)) {
        const truthy = sql<SqlBool>`coalesce(${field}, ${sql.lit(0)}) = ${sql.lit(1)}`;
        const pgTruthy = sql<SqlBool>`coalesce(${field}, false) = true`;
        const isTrue = auth.dialect === 'postgres' ? pgTruthy : truthy;
        const wantTrue = (value === 1) !== (query.filterOperator === 'ne');
        conditions.push(wantTrue ? isTrue : sql<SqlBool>`not (${isTrue})`);
      } else if (query.filterOperator === 'contains') {
        conditions.push(sql<SqlBool>`${field} like ${`%${escapeLike(String(value))}%`} escape '\\'`);
      } else {
        conditions.push(
          sql<SqlBool>`${field} ${sql.raw(query.filterOperator === 'ne' ? '<>' : '=')} ${value}`,
        );
      }
    }
    const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<SqlBool>`1 = 1`;

    let select = auth.db
      .selectFrom('user')
      .selectAll()
      .where(where as Expression<SqlBool>);
    select = query.sortBy
      ? select.orderBy(sql.ref(query.sortBy), query.sortDirection).orderBy('id')
      : select.orderBy('createdAt', 'asc').orderBy('id');
    // 0 counts as not given, as in the echo below: the default page, never an empty one.
    select = select.limit(query.limit || 100).offset(query.offset ?? 0);
    const [rows, count] = await Promise.all([
      select.execute(),
      auth.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where(where as Expression<SqlBool>)
        .executeTakeFirstOrThrow(),
    ]);
    const fields = auth.options.additionalFields;
    return {
      users: rows.map((row) => userToJson(userFromRow(row, fields), fields)),
      total: Number(count.total),
      ...(query.limit ? { limit: query.limit } : {}),
      ...(query.offset ? { offset: query.offset } : {}),
    };
  },
});

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
