import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { membersWithUser } from './member.repository.ts';
import { findOrganizationBySlug } from './organization.repository.ts';
import { memberOrThrow } from './organization-access.ts';
import { memberWithUserToJson } from './organization-json.ts';
import { idSchema, slugSchema } from './organization-schemas.ts';

const FIELDS = ['id', 'organizationId', 'userId', 'role', 'createdAt'] as const;
const OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'not_in',
  'contains',
  'starts_with',
  'ends_with',
] as const;
const count = z.union([z.number().int().min(0), z.string().regex(/^\d{1,6}$/)]).transform(Number);
const scalar = z.union([z.string().max(256), z.number(), z.boolean()]);

/**
 * Members with their users, paged, sorted and filtered (contract §3.16). An unknown sort or filter
 * field is a validation error here; the peer answers 500 (README).
 */
export const listMembers = defineEndpoint({
  name: 'listMembers',
  method: 'GET',
  path: '/organization/list-members',
  query: z.object({
    limit: count.optional(),
    offset: count.optional(),
    sortBy: z.enum(FIELDS).optional(),
    sortDirection: z.enum(['asc', 'desc']).optional(),
    filterField: z.enum(FIELDS).optional(),
    filterValue: z.union([scalar, z.array(scalar).max(100)]).optional(),
    filterOperator: z.enum(OPERATORS).optional(),
    organizationId: idSchema.optional(),
    organizationSlug: slugSchema.optional(),
  }),
  requires: 'session',
  async handler({ auth, query, session: { session, user } }) {
    let organizationId = query.organizationId ?? session.activeOrganizationId;
    if (query.organizationSlug !== undefined) {
      const found = await findOrganizationBySlug(auth.db, query.organizationSlug);
      if (!found) throw new AuthError('ORGANIZATION_NOT_FOUND');
      organizationId = found.id;
    }
    if (!organizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    await memberOrThrow(auth, organizationId, user.id, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');

    let base = membersWithUser(auth.db).where('member.organizationId', '=', organizationId);
    if (query.filterField && query.filterValue !== undefined) {
      const column = `member.${query.filterField}` as const;
      const value = query.filterValue;
      const list = [value].flat().map(String);
      const text = String(Array.isArray(value) ? value[0] : value);
      switch (query.filterOperator ?? 'eq') {
        case 'eq':
          base = base.where(column, '=', text);
          break;
        case 'ne':
          base = base.where(column, '!=', text);
          break;
        case 'lt':
          base = base.where(column, '<', text);
          break;
        case 'lte':
          base = base.where(column, '<=', text);
          break;
        case 'gt':
          base = base.where(column, '>', text);
          break;
        case 'gte':
          base = base.where(column, '>=', text);
          break;
        case 'in':
          base = base.where(column, 'in', list.length > 0 ? list : ['']);
          break;
        case 'not_in':
          if (list.length > 0) base = base.where(column, 'not in', list);
          break;
        case 'contains':
          base = base.where(column, 'like', `%${text}%`);
          break;
        case 'starts_with':
          base = base.where(column, 'like', `${text}%`);
          break;
        case 'ends_with':
          base = base.where(column, 'like', `%${text}`);
          break;
      }
    }
    const total = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const limit = query.limit ?? auth.options.organization!.membershipLimit;
    const rows = await base
      .orderBy(`member.${query.sortBy ?? 'createdAt'}`, query.sortDirection ?? 'asc')
      .limit(limit)
      .offset(query.offset ?? 0)
      .execute();
    return { members: rows.map(memberWithUserToJson), total: Number(total.n) };
  },
});
