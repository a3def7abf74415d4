import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { listUsersQueryOptions } from '../api/users-queries.ts';
import { AdminNav } from '../layout/admin-nav.tsx';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { isFiltered, nextSort, toListUsersQuery } from './list-state.ts';
import { useListState } from './use-list-state.ts';
import { UsersPagination } from './users-pagination.tsx';
import { UsersTable } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';

/** `/admin/users`: every account, searched, filtered, sorted and paged on the server. */
export function UsersPage() {
  const { t } = useTranslation();
  const { state, searchText, changeSearchText, clearSearchAndFilter, update } = useListState();
  const users = useQuery(listUsersQueryOptions(toListUsersQuery(state)));
  const page = users.data;

  return (
    <div className="space-y-6">
      <title>{`${t('admin.users.title')} · ${t('admin.area')} · Gatehouse`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <p className="text-sm font-medium text-muted-foreground">{t('admin.area')}</p>
          <h1 className="text-2xl font-semibold">{t('admin.users.title')}</h1>
        </div>
        <CreateUserDialog />
      </div>
      <AdminNav />

      <Card aria-label={t('admin.users.title')} className="space-y-5 p-4 sm:p-6">
        <UsersToolbar
          state={state}
          searchText={searchText}
          onSearchTextChange={changeSearchText}
          onChange={update}
        />

        {users.isPending ? (
          <Spinner label={t('admin.users.loading')} />
        ) : users.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('admin.users.loadFailed', { reason: adminErrorMessage(users.error, t) })}</span>
            <Button variant="secondary" pending={users.isFetching} onClick={() => void users.refetch()}>
              {t('admin.retry')}
            </Button>
          </Alert>
        ) : page && page.users.length === 0 ? (
          <EmptyState
            filtered={isFiltered(state)}
            pastTheEnd={page.total > 0}
            onClear={clearSearchAndFilter}
            onFirstPage={() => update({ page: 0 })}
          />
        ) : page ? (
          <>
            <UsersTable
              users={page.users}
              state={state}
              onSort={(column) => update(nextSort(state, column))}
              isStale={users.isPlaceholderData}
            />
            <UsersPagination
              page={state.page}
              offset={page.offset}
              shown={page.users.length}
              total={page.total}
              onPage={(next) => update({ page: next })}
            />
          </>
        ) : null}
      </Card>
    </div>
  );
}

function EmptyState({
  filtered,
  pastTheEnd,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  /** Users match, only not on this page (the address asked for a page after the last). */
  pastTheEnd: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3 py-6 text-center">
      <p className="font-medium">{pastTheEnd ? t('admin.users.emptyPage') : t('admin.users.noMatch')}</p>
      <p className="text-sm text-muted-foreground">
        {pastTheEnd ? t('admin.users.fewer') : filtered ? t('admin.users.tryAnother') : t('admin.users.none')}
      </p>
      {pastTheEnd ? (
        <Button variant="secondary" onClick={onFirstPage}>
          {t('admin.users.firstPage')}
        </Button>
      ) : (
        filtered && (
          <Button variant="secondary" onClick={onClear}>
            {t('admin.users.clear')}
          </Button>
        )
      )}
    </div>
  );
}
