import { Pagination } from '../../../components/pagination.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { formatDate, formatDateTime } from '../../../lib/format-time.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { MEMBERS_PAGE_SIZE } from '../api/org-queries.ts';
import { InviteMemberDialog } from '../invitations/invite-member-dialog.tsx';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { memberControls } from './member-controls.ts';
import { MemberRoleSelect } from './member-role-select.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { useMemberList } from './use-member-list.ts';
import { useMemberTeams } from './use-member-teams.ts';

/**
 * The organization's members, 20 to a page, searched by name or email and paged by the server (so
 * an organization of any size can be browsed), with the date each joined and their teams; role
 * pickers and removal only for those whose role allows them.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const { organization, me, permissions, customRoles } = useOrgContext();
  const list = useMemberList(organization.id);
  const teams = useMemberTeams({ organization, permissions });
  const customRoleNames = (customRoles ?? []).map((each) => each.role);
  const answer = list.members.data;
  const rows = answer?.members ?? [];
  const total = answer?.total ?? 0;
  return (
    <Card aria-labelledby="members-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="members-title">{t('org.members.title')}</CardTitle>
          {answer && (
            <CardDescription>
              {list.search
                ? t('org.members.matchCount', { count: total, search: list.search })
                : t('org.members.count', { count: total })}
            </CardDescription>
          )}
        </div>
        {permissions.can('invitation', 'create') && <InviteMemberDialog />}
      </CardHeader>
      <div className="mb-3 max-w-sm">
        <Field label={t('org.members.search')}>
          <Input
            type="search"
            value={list.searchText}
            placeholder={t('org.members.searchPlaceholder')}
            onChange={(event) => list.setSearchText(event.target.value)}
          />
        </Field>
      </div>
      {list.members.isPending && <Spinner label={t('org.members.loading')} />}
      {list.members.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {t('org.members.loadFailed')} {orgErrorMessage(list.members.error, t)}
          </span>
          <Button variant="secondary" onClick={() => void list.members.refetch()}>
            {t('org.layout.retry')}
          </Button>
        </Alert>
      )}
      {answer && total === 0 && list.search && (
        <p className="py-4 text-sm text-muted-foreground" role="status">
          {t('org.members.noMatch', { search: list.search })}
        </p>
      )}
      <div className="overflow-x-auto" aria-busy={list.members.isPlaceholderData || undefined}>
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('org.members.person')}
              </th>
              {teams && (
                <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
                  {t('org.members.teams')}
                </th>
              )}
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                {t('org.members.joined')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('org.members.role')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((member) => {
              const controls = memberControls(permissions, me, member, list.ownerCount ?? 0);
              return (
                <tr key={member.id}>
                  <td className="py-2 pr-3">
                    <div className="font-medium">
                      {member.user.name || member.user.email}
                      {member.id === me.id && (
                        <Badge tone="info" className="ml-2">
                          {t('org.members.you')}
                        </Badge>
                      )}
                    </div>
                    <div className="text-xs text-muted-foreground">{member.user.email}</div>
                  </td>
                  {teams && (
                    <td className="hidden py-2 pr-3 md:table-cell">
                      <MemberTeamsCell names={teams.of(member.userId)} failed={teams.isError} />
                    </td>
                  )}
                  <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                    <time dateTime={member.createdAt} title={formatDateTime(new Date(member.createdAt))}>
                      {formatDate(new Date(member.createdAt))}
                    </time>
                  </td>
                  {/* The role and the removal share a cell that wraps, so a phone shows both. */}
                  <td className="py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      {controls.changeRole === 'hidden' ? (
                        <Badge>{roleLabel(member.role, t)}</Badge>
                      ) : (
                        <MemberRoleSelect
                          member={member}
                          organizationId={organization.id}
                          customRoleNames={customRoleNames}
                          includeOwner={permissions.isOwner}
                          disabled={controls.changeRole === 'disabled'}
                          reason={controls.reason && t(controls.reason)}
                        />
                      )}
                      {controls.remove !== 'hidden' && (
                        <RemoveMemberDialog
                          member={member}
                          organizationId={organization.id}
                          organizationName={organization.name}
                          disabled={controls.remove === 'disabled'}
                          reason={controls.reason && t(controls.reason)}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {answer && total > MEMBERS_PAGE_SIZE && (
        <div className="mt-4">
          <Pagination
            label={t('org.members.pages')}
            page={list.page}
            pageSize={MEMBERS_PAGE_SIZE}
            offset={answer.offset}
            shown={rows.length}
            total={total}
            onPage={list.setPage}
          />
        </div>
      )}
    </Card>
  );
}

/** A member's teams, or why none are shown. */
function MemberTeamsCell({ names, failed }: { names: string[] | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <span className="text-muted-foreground">{t('org.members.teamsFailed')}</span>;
  if (names === undefined) return <span className="text-muted-foreground">…</span>;
  if (names.length === 0) return <span className="text-muted-foreground">{t('org.members.noTeams')}</span>;
  return <span>{names.join(', ')}</span>;
}
