import type { MemberWithUser } from '@gatehouse/client';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { formatDate, formatDateTime } from '../../../lib/format-time.ts';
import { InviteMemberDialog } from '../invitations/invite-member-dialog.tsx';
import { useOrgContext } from '../layout/org-context.ts';
import { roleLabel } from '../shared/role-label.ts';
import { isOwnerMember, memberControls } from './member-controls.ts';
import { MemberRoleSelect } from './member-role-select.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { useMemberTeams } from './use-member-teams.ts';

const PAGE_SIZE = 20;

/** Whether a member's name or email holds the search text (case aside). */
const matches = (member: MemberWithUser, search: string) =>
  `${member.user.name}\n${member.user.email}`.toLowerCase().includes(search.trim().toLowerCase());

/**
 * The organization's members, searchable by name or email and shown 20 to a page, with the date
 * each joined; role pickers and removal only for those whose role allows them.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const { organization, me, permissions, customRoles } = useOrgContext();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const teams = useMemberTeams({ organization, permissions });
  const customRoleNames = (customRoles ?? []).map((each) => each.role);
  const ownerCount = organization.members.filter(isOwnerMember).length;
  const found = organization.members.filter((member) => matches(member, search));
  // A search or a removal can leave fewer pages than the one shown: stay on the last one.
  const lastPage = Math.max(0, Math.ceil(found.length / PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = found.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  return (
    <Card aria-labelledby="members-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="members-title">{t('org.members.title')}</CardTitle>
          <CardDescription>
            {organization.members.length === 1
              ? t('org.members.countOne')
              : t('org.members.count', { count: organization.members.length })}
          </CardDescription>
        </div>
        {permissions.can('invitation', 'create') && <InviteMemberDialog />}
      </CardHeader>
      <div className="mb-3 max-w-sm">
        <Field label={t('org.members.search')}>
          <Input
            type="search"
            value={search}
            placeholder={t('org.members.searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </Field>
      </div>
      {found.length === 0 && (
        <p className="py-4 text-sm text-muted-foreground" role="status">
          {t('org.members.noMatch', { search: search.trim() })}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('org.members.person')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('org.members.role')}
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
                <span className="sr-only">{t('org.members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((member) => {
              const controls = memberControls(permissions, me, member, ownerCount);
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
                  <td className="py-2 pr-3">
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
                  <td className="py-2 text-right">
                    {controls.remove !== 'hidden' && (
                      <RemoveMemberDialog
                        member={member}
                        organizationId={organization.id}
                        organizationName={organization.name}
                        disabled={controls.remove === 'disabled'}
                        reason={controls.reason && t(controls.reason)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {found.length > PAGE_SIZE && (
        <div className="mt-4">
          <Pagination
            label={t('org.members.pages')}
            page={shownPage}
            pageSize={PAGE_SIZE}
            offset={shownPage * PAGE_SIZE}
            shown={rows.length}
            total={found.length}
            onPage={setPage}
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
