import type { Executor } from '../../../db/executor.ts';
import { hotRead } from '../../../db/hot-read.ts';
import { containsIgnoringCase } from '../../../db/like-pattern.ts';
import { rowLimit } from '../../../db/row-limit.ts';
import { membersWithUser, type OrganizationMemberRow, windowWithUsers } from './member.repository.ts';

export const memberFields = ['id', 'organizationId', 'userId', 'role', 'createdAt'] as const;
export const memberFilterOperators = [
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
type MemberField = (typeof memberFields)[number];
type FilterOperator = (typeof memberFilterOperators)[number];
type FilterValue = string | number | boolean | (string | number | boolean)[];

/**
 * One page of `list-members` (docs/protocol/organization.md#list-members): an optional filter on one field, a
 * sort, a window.
 */
export interface MemberPageQuery {
  filter: { field: MemberField; operator: FilterOperator; value: FilterValue } | undefined;
  /** Gatehouse's search: text the member's name or email holds, case aside. */
  search: string | undefined;
  sortBy: MemberField;
  sortDirection: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const comparisons = { eq: '=', ne: '!=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The SQL operator and operand of a filter; undefined when it matches everything (`not_in` of nothing). */
function filterCondition(operator: FilterOperator, value: FilterValue) {
  const list = [value].flat().map(String);
  const text = String(Array.isArray(value) ? value[0] : value);
  switch (operator) {
    case 'in':
      return { op: 'in', operand: list.length > 0 ? list : [''] } as const;
    case 'not_in':
      return list.length > 0 ? ({ op: 'not in', operand: list } as const) : undefined;
    case 'contains':
      return { op: 'like', operand: `%${text}%` } as const;
    case 'starts_with':
      return { op: 'like', operand: `${text}%` } as const;
    case 'ends_with':
      return { op: 'like', operand: `%${text}` } as const;
    default:
      return { op: comparisons[operator], operand: text } as const;
  }
}

type Condition = NonNullable<ReturnType<typeof filterCondition>>;
type PageShape = Pick<MemberPageQuery, 'sortBy' | 'sortDirection' | 'limit'>;

/**
 * A page without a search: every condition is on `member` (whose user always exists: the foreign
 * key cascades), so the count and the window need no user, and only the page's members are joined
 * to theirs (`windowWithUsers`). Without a filter the total is the organization's kept member count
 * (features/organization/migrations/0017-member-count.ts), one primary-key read; with one, the matching members are
 * counted. `organizationId` and `offset` may stand for a hot read's values (db/hot-read.ts).
 */
function unsearchedPage(
  db: Executor,
  organizationId: string,
  offset: number,
  shape: PageShape,
  filter?: { field: MemberField; condition: Condition },
) {
  let members = db.selectFrom('member').where('member.organizationId', '=', organizationId);
  if (filter)
    members = members.where(`member.${filter.field}`, filter.condition.op, filter.condition.operand);
  const total = filter
    ? members.select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    : db.selectFrom('memberCount').select('members as n').where('organizationId', '=', organizationId);
  const window = members
    .selectAll('member')
    .orderBy(`member.${shape.sortBy}`, shape.sortDirection)
    // Members added in the same millisecond keep one order, so pages neither repeat nor skip one.
    .orderBy('member.id')
    .limit(rowLimit(shape.limit))
    .offset(offset);
  const page = windowWithUsers(db, window, shape.sortBy, shape.sortDirection).select(total.as('page_total'));
  return { total, page };
}

/**
 * How many page shapes (sort, direction, limit) without a filter or search run as prepared
 * statements. Each is one named statement on each PostgreSQL connection; the few a deployment uses
 * (the web app's, the official client's default) come first, and any beyond are built each time.
 */
const MAX_PREPARED_SHAPES = 32;
const preparedPages = new Map<string, ReturnType<typeof preparePage>>();

/** The organization's member-list version (features/organization/migrations/0018-member-page-version.ts), as text. */
const versionOf = (db: Executor, organizationId: string) =>
  db.selectFrom('memberPageVersion').select('version').where('organizationId', '=', organizationId);

/** A prepared page also carries the version it was read at, from the same snapshot as its rows. */
const preparePage = (shape: PageShape) =>
  hotRead((db, v: { organizationId: string; offset: number }) =>
    unsearchedPage(db, v.organizationId, v.offset, shape).page.select(
      versionOf(db, v.organizationId).as('page_version'),
    ),
  );

const memberPageVersion = hotRead((db, v: { organizationId: string }) => versionOf(db, v.organizationId));

/** The organization's member-list version now; undefined when it has no members. */
export async function readMemberPageVersion(db: Executor, organizationId: string) {
  const row = await memberPageVersion.first(db, { organizationId });
  return row === undefined ? undefined : String(row.version);
}

/**
 * The prepared statement of a page shape, or undefined once `MAX_PREPARED_SHAPES` are taken. On
 * PostgreSQL a prepared page is parsed once per connection and, once PostgreSQL settles on its
 * generic plan, no longer planned: planning took 0.2 to 0.3 ms of the 0.8 ms a 100-member page of a
 * 1,000-member organization cost it (`EXPLAIN ANALYZE` on the `--seed` bench database). With the
 * organization's ordered index the only one on it (migration 0016), the generic plan is the one a
 * known organization gets: read the window in order, stop, join those members.
 */
function preparedPage(shape: PageShape) {
  const key = `${shape.sortBy} ${shape.sortDirection} ${shape.limit}`;
  let run = preparedPages.get(key);
  if (run === undefined && preparedPages.size < MAX_PREPARED_SHAPES) {
    run = preparePage({ sortBy: shape.sortBy, sortDirection: shape.sortDirection, limit: shape.limit });
    preparedPages.set(key, run);
  }
  return run;
}

/**
 * Members with their users, filtered, searched, sorted and windowed, plus how many match.
 *
 * The total rides on the page as a column (`page_total`, an uncorrelated subquery each database
 * evaluates once), so a page is one statement: one round trip on PostgreSQL instead of two, and the
 * total and the rows come from one snapshot. An empty page carries no total, so only then is it
 * read on its own. `version` is the organization's member-list version the rows were read at, for
 * the pages that can be kept (member-page-cache.ts): prepared ones with members.
 */
export async function listMembersPage(db: Executor, organizationId: string, page: MemberPageQuery) {
  const condition = page.filter && filterCondition(page.filter.operator, page.filter.value);
  const filter = page.filter && condition && { field: page.filter.field, condition };
  const { search } = page;
  let rows: OrganizationMemberRow[];
  let count: () => Promise<{ n: string | number | bigint } | undefined>;
  if (search) {
    // The search is on the user's columns, so the join comes before the window.
    let base = membersWithUser(db).where('member.organizationId', '=', organizationId);
    if (filter) base = base.where(`member.${filter.field}`, filter.condition.op, filter.condition.operand);
    base = base.where((eb) =>
      eb.or([containsIgnoringCase('user.name', search), containsIgnoringCase('user.email', search)]),
    );
    const total = base.clearSelect().select((eb) => eb.fn.countAll().as('n'));
    count = () => total.executeTakeFirstOrThrow();
    rows = await base
      .select(total.as('page_total'))
      .orderBy(`member.${page.sortBy}`, page.sortDirection)
      .orderBy('member.id')
      .limit(rowLimit(page.limit))
      .offset(page.offset)
      .execute();
  } else {
    const built = () => unsearchedPage(db, organizationId, page.offset, page, filter);
    count = () => built().total.executeTakeFirst();
    const run = filter ? undefined : preparedPage(page);
    rows = run ? await run.all(db, { organizationId, offset: page.offset }) : await built().page.execute();
  }
  const first = rows[0] as { page_total?: unknown; page_version?: unknown } | undefined;
  const total =
    first !== undefined
      ? first.page_total
      : page.offset === 0 && page.limit > 0
        ? 0
        : ((await count())?.n ?? 0);
  // Only a prepared page reads its version; any other is answered as read and not kept.
  const version = first?.page_version == null ? undefined : String(first.page_version);
  return { rows, total: Number(total), version };
}
