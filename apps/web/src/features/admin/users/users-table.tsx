import type { AdminUser } from '@gatehouse/client';
import { generatePath, Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime } from '../../../lib/format-time.ts';
import { RoleBadges, StatusBadges } from '../shared/user-badges.tsx';
import type { ListState, SortField } from './list-state.ts';

interface UsersTableProps {
  users: AdminUser[];
  state: ListState;
  onSort: (column: SortField) => void;
  /** A newer page is loading: the old one stays, dimmed. */
  isStale: boolean;
}

/**
 * The users as a table on wide screens and as a list of cards on phones (a five-column table does
 * not fit 375 px). Both are in the page; CSS shows one, so nothing jumps when the window is resized.
 */
export function UsersTable({ users, state, onSort, isStale }: UsersTableProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // The user page's "All users" link comes back to this very list: search, filter, sort and page.
  const linkState = { listSearch: location.search };
  return (
    <div aria-busy={isStale || undefined} className={cn('transition-opacity', isStale && 'opacity-60')}>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">{t('admin.users.caption')}</caption>
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <SortHeader state={state} columns={['name', 'email']} onSort={onSort} />
            <th scope="col" className="px-3 py-2 font-medium">
              {t('admin.users.role')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('admin.users.status')}
            </th>
            <SortHeader state={state} columns={['createdAt']} onSort={onSort} />
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} className="align-top hover:bg-muted/50">
              <td className="px-3 py-3">
                <UserIdentity user={user} linkState={linkState} />
              </td>
              <td className="px-3 py-3">
                <RoleBadges user={user} />
              </td>
              <td className="px-3 py-3">
                <StatusBadges user={user} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <CreatedAt value={user.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-border md:hidden" aria-label={t('admin.users.title')}>
        {users.map((user) => (
          <li key={user.id} className="space-y-2 py-3 first:pt-0">
            <UserIdentity user={user} linkState={linkState} />
            <div className="flex flex-wrap items-start gap-2 pl-[3.25rem]">
              <RoleBadges user={user} />
              <StatusBadges user={user} />
            </div>
            <p className="pl-[3.25rem] text-xs text-muted-foreground">
              {withElements(t('admin.users.createdOn'), { date: <CreatedAt value={user.createdAt} /> })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserIdentity({ user, linkState }: { user: AdminUser; linkState: { listSearch: string } }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={user.image} name={user.name || user.email} />
      <div className="min-w-0">
        <Link
          to={generatePath(paths.adminUser, { userId: user.id })}
          state={linkState}
          className="font-medium wrap-anywhere hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {user.name || <span className="text-muted-foreground italic">{t('admin.users.noName')}</span>}
        </Link>
        <p className="text-muted-foreground wrap-anywhere">{user.email}</p>
      </div>
    </div>
  );
}

function CreatedAt({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={formatDateTime(date)}>
      {formatDate(date)}
    </time>
  );
}

const LABELS: Record<SortField, MessageKey> = {
  name: 'admin.field.name',
  email: 'admin.field.email',
  createdAt: 'admin.users.created',
};
const ORDER_WORDS: Record<SortField, Record<'asc' | 'desc', MessageKey>> = {
  name: { asc: 'admin.users.aToZ', desc: 'admin.users.zToA' },
  email: { asc: 'admin.users.aToZ', desc: 'admin.users.zToA' },
  createdAt: { asc: 'admin.users.oldestFirst', desc: 'admin.users.newestFirst' },
};

/**
 * A header whose buttons sort the list. The first column shows name and email together, so its
 * header holds a button for each; aria-sort tells screen readers the column is the sorted one.
 */
function SortHeader({
  state,
  columns,
  onSort,
}: {
  state: ListState;
  columns: SortField[];
  onSort: (column: SortField) => void;
}) {
  const { t } = useTranslation();
  const sorted = columns.includes(state.sortBy);
  return (
    <th
      scope="col"
      className="px-3 py-1"
      aria-sort={sorted ? (state.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <span className="flex items-center gap-1">
        {columns.map((column) => {
          const active = state.sortBy === column;
          return (
            <span key={column} className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => onSort(column)}
                className={cn(
                  'inline-flex min-h-8 items-center gap-1 rounded px-1 font-medium hover:text-foreground',
                  'focus-visible:outline-2 focus-visible:outline-ring',
                  active && 'text-foreground',
                )}
              >
                {t(LABELS[column])}
                <span aria-hidden className="w-3 text-xs">
                  {active ? (state.sortDirection === 'asc' ? '▲' : '▼') : ''}
                </span>
                {active && (
                  <span className="sr-only">
                    {t('admin.users.sortedBy', { order: t(ORDER_WORDS[column][state.sortDirection]) })}
                  </span>
                )}
              </button>
            </span>
          );
        })}
      </span>
    </th>
  );
}
