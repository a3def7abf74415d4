import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  FILTERS,
  type FilterKey,
  type ListState,
  type SearchField,
  type SortDirection,
  type SortField,
} from './list-state.ts';

interface UsersToolbarProps {
  state: ListState;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onChange: (patch: Partial<ListState>) => void;
}

const GROUPS = ['Role', 'Ban', 'Email'] as const;

const SORTS: { value: `${SortField}:${SortDirection}`; label: string }[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'email:asc', label: 'Email, A to Z' },
  { value: 'email:desc', label: 'Email, Z to A' },
];

/** Search (by email or name), the one filter, and on phones the sort order (the table headers sort on wider screens). */
export function UsersToolbar({ state, searchText, onSearchTextChange, onChange }: UsersToolbarProps) {
  const id = useId();
  return (
    <search className="grid gap-3 md:grid-cols-[8rem_1fr_13rem]" aria-label="Search and filter users">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-field`} className="block text-sm font-medium">
          Search by
        </label>
        <Select
          id={`${id}-field`}
          value={state.searchField}
          onChange={(event) => onChange({ searchField: event.target.value as SearchField })}
        >
          <option value="email">Email</option>
          <option value="name">Name</option>
        </Select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium">
          Search
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          placeholder={state.searchField === 'email' ? 'Part of an email address' : 'Part of a name'}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-filter`} className="block text-sm font-medium">
          Show
        </label>
        <Select
          id={`${id}-filter`}
          value={state.filter}
          onChange={(event) => onChange({ filter: event.target.value as FilterKey })}
        >
          <option value="all">{FILTERS.all.label}</option>
          {GROUPS.map((group) => (
            <optgroup key={group} label={group}>
              {Object.entries(FILTERS)
                .filter(([, filter]) => filter.group === group)
                .map(([key, filter]) => (
                  <option key={key} value={key}>
                    {filter.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5 md:hidden">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium">
          Sort
        </label>
        <Select
          id={`${id}-sort`}
          value={`${state.sortBy}:${state.sortDirection}`}
          onChange={(event) => {
            const [sortBy, sortDirection] = event.target.value.split(':') as [SortField, SortDirection];
            onChange({ sortBy, sortDirection });
          }}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}
