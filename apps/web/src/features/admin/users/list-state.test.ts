import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATE,
  nextSort,
  rangeLabel,
  readListState,
  toListUsersQuery,
  writeListState,
} from './list-state.ts';

describe('list state', () => {
  it('round-trips through the address, leaving defaults out', () => {
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
    const state = {
      search: 'ada',
      searchField: 'name',
      filter: 'verified:false',
      sortBy: 'email',
      sortDirection: 'asc',
      page: 2,
    } as const;
    const params = writeListState(state);
    expect(params.toString()).toBe('q=ada&field=name&filter=verified%3Afalse&sort=email&dir=asc&page=3');
    expect(readListState(params)).toEqual(state);
  });

  it('ignores values it does not know', () => {
    expect(readListState(new URLSearchParams('field=id&filter=x&sort=password&dir=up&page=-4'))).toEqual(
      DEFAULT_STATE,
    );
  });

  it('sends one filter as filterField/filterValue', () => {
    expect(toListUsersQuery({ ...DEFAULT_STATE, filter: 'role:admin', page: 1 })).toEqual({
      limit: 20,
      offset: 20,
      sortBy: 'createdAt',
      sortDirection: 'desc',
      filterField: 'role',
      filterValue: 'admin',
      filterOperator: 'eq',
    });
  });

  it('flips the direction of the sorted column; a new column starts ascending, dates newest first', () => {
    expect(nextSort(DEFAULT_STATE, 'createdAt')).toEqual({ sortBy: 'createdAt', sortDirection: 'asc' });
    expect(nextSort(DEFAULT_STATE, 'name')).toEqual({ sortBy: 'name', sortDirection: 'asc' });
    const byName = { ...DEFAULT_STATE, sortBy: 'name' as const, sortDirection: 'asc' as const };
    expect(nextSort(byName, 'createdAt')).toEqual({ sortBy: 'createdAt', sortDirection: 'desc' });
  });

  it('labels the range shown', () => {
    expect(rangeLabel(0, 20, 45)).toBe('1–20 of 45');
    expect(rangeLabel(40, 5, 45)).toBe('41–45 of 45');
  });
});
