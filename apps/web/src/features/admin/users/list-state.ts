import type { MessageKey } from '../../../i18n/en.ts';
import type { ListUsersQuery } from '../api/users-queries.ts';

export { rangeLabel } from '../../../components/pagination.tsx';

export const PAGE_SIZE = 20;

export type SearchField = 'email' | 'name';
export type SortField = 'name' | 'email' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

/**
 * The list's filter. The server applies one filter per request (one filterField/filterValue pair,
 * docs/protocol/admin.md#list-users), so the screen offers one choice covering role, ban and verification
 * instead of three independent ones. Combining two would mean filtering the second on the client, page by
 * page: pages would come out short and the total would be wrong. One choice keeps paging and counts true.
 */
export const FILTERS = {
  all: { label: 'admin.filter.all', group: null, field: null, value: null },
  'role:admin': { label: 'admin.filter.admins', group: 'Role', field: 'role', value: 'admin' },
  'role:user': { label: 'admin.filter.users', group: 'Role', field: 'role', value: 'user' },
  'banned:true': { label: 'admin.filter.banned', group: 'Ban', field: 'banned', value: 'true' },
  'banned:false': { label: 'admin.filter.notBanned', group: 'Ban', field: 'banned', value: 'false' },
  'verified:true': { label: 'admin.filter.verified', group: 'Email', field: 'emailVerified', value: 'true' },
  'verified:false': {
    label: 'admin.filter.notVerified',
    group: 'Email',
    field: 'emailVerified',
    value: 'false',
  },
} as const satisfies Record<
  string,
  {
    label: MessageKey;
    group: string | null;
    field: ListUsersQuery['filterField'] | null;
    value: string | null;
  }
>;

export type FilterKey = keyof typeof FILTERS;

export interface ListState {
  /** The search as applied (debounced and trimmed), not as it is being typed. */
  search: string;
  searchField: SearchField;
  filter: FilterKey;
  sortBy: SortField;
  sortDirection: SortDirection;
  /** Zero-based. */
  page: number;
}

export const DEFAULT_STATE: ListState = {
  search: '',
  searchField: 'email',
  filter: 'all',
  sortBy: 'createdAt',
  sortDirection: 'desc',
  page: 0,
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The state from the address (`?q=&field=&filter=&sort=&dir=&page=`), so links and Back keep it. */
export function readListState(params: URLSearchParams): ListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('q') ?? '').trim(),
    searchField: oneOf(params.get('field'), ['email', 'name'], DEFAULT_STATE.searchField),
    filter: oneOf(params.get('filter'), Object.keys(FILTERS) as FilterKey[], DEFAULT_STATE.filter),
    sortBy: oneOf(params.get('sort'), ['name', 'email', 'createdAt'], DEFAULT_STATE.sortBy),
    sortDirection: oneOf(params.get('dir'), ['asc', 'desc'], DEFAULT_STATE.sortDirection),
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address for a state; defaults are left out so the plain list has a plain address. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  if (state.searchField !== DEFAULT_STATE.searchField) params.set('field', state.searchField);
  if (state.filter !== DEFAULT_STATE.filter) params.set('filter', state.filter);
  if (state.sortBy !== DEFAULT_STATE.sortBy || state.sortDirection !== DEFAULT_STATE.sortDirection) {
    params.set('sort', state.sortBy);
    params.set('dir', state.sortDirection);
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

/** The list-users query for a state. */
export function toListUsersQuery(state: ListState): ListUsersQuery {
  const query: ListUsersQuery = {
    limit: PAGE_SIZE,
    offset: state.page * PAGE_SIZE,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
  };
  if (state.search) {
    query.searchValue = state.search;
    query.searchField = state.searchField;
    query.searchOperator = 'contains';
  }
  const filter = FILTERS[state.filter];
  if (filter.field !== null) {
    query.filterField = filter.field;
    query.filterValue = filter.value;
    query.filterOperator = 'eq';
  }
  return query;
}

/** Clicking a column header: the same column flips direction; a new one starts where it reads best. */
export function nextSort(state: ListState, column: SortField): Pick<ListState, 'sortBy' | 'sortDirection'> {
  if (state.sortBy === column) {
    return { sortBy: column, sortDirection: state.sortDirection === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: column, sortDirection: column === 'createdAt' ? 'desc' : 'asc' };
}

export function isFiltered(state: ListState): boolean {
  return state.search !== '' || state.filter !== 'all';
}
