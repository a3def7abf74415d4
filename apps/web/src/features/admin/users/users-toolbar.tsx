import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
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

const GROUPS = [
  { group: 'Role', label: 'admin.toolbar.group.role' },
  { group: 'Ban', label: 'admin.toolbar.group.ban' },
  { group: 'Email', label: 'admin.toolbar.group.email' },
] as const satisfies readonly { group: string; label: MessageKey }[];

const SORTS: { value: `${SortField}:${SortDirection}`; label: MessageKey }[] = [
  { value: 'createdAt:desc', label: 'admin.sort.newest' },
  { value: 'createdAt:asc', label: 'admin.sort.oldest' },
  { value: 'name:asc', label: 'admin.sort.nameAsc' },
  { value: 'name:desc', label: 'admin.sort.nameDesc' },
  { value: 'email:asc', label: 'admin.sort.emailAsc' },
  { value: 'email:desc', label: 'admin.sort.emailDesc' },
];

/** Search (by email or name), the one filter, and on phones the sort order (the table headers sort on wider screens). */
export function UsersToolbar({ state, searchText, onSearchTextChange, onChange }: UsersToolbarProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <search className="grid gap-3 md:grid-cols-[8rem_1fr_13rem]" aria-label={t('admin.toolbar.label')}>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-field`} className="block text-sm font-medium">
          {t('admin.toolbar.searchBy')}
        </label>
        <Select
          id={`${id}-field`}
          value={state.searchField}
          onChange={(event) => onChange({ searchField: event.target.value as SearchField })}
        >
          <option value="email">{t('admin.field.email')}</option>
          <option value="name">{t('admin.field.name')}</option>
        </Select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium">
          {t('admin.toolbar.search')}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          placeholder={t(
            state.searchField === 'email' ? 'admin.toolbar.emailPart' : 'admin.toolbar.namePart',
          )}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-filter`} className="block text-sm font-medium">
          {t('admin.toolbar.show')}
        </label>
        <Select
          id={`${id}-filter`}
          value={state.filter}
          onChange={(event) => onChange({ filter: event.target.value as FilterKey })}
        >
          <option value="all">{t(FILTERS.all.label)}</option>
          {GROUPS.map(({ group, label }) => (
            <optgroup key={group} label={t(label)}>
              {Object.entries(FILTERS)
                .filter(([, filter]) => filter.group === group)
                .map(([key, filter]) => (
                  <option key={key} value={key}>
                    {t(filter.label)}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5 md:hidden">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium">
          {t('admin.toolbar.sort')}
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
              {t(sort.label)}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}
