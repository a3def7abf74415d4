import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { InviteMemberDialog } from '../invitations/invite-member-dialog.tsx';
import { useOrgContext } from '../layout/org-context.ts';
import { roleLabel } from '../shared/role-label.ts';
import { isOwnerMember, memberControls } from './member-controls.ts';
import { MemberRoleSelect } from './member-role-select.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

/** The organization's members; role pickers and removal only for those whose role allows them. */
export function MembersPage() {
  const { organization, me, permissions, customRoles } = useOrgContext();
  const customRoleNames = (customRoles ?? []).map((each) => each.role);
  const ownerCount = organization.members.filter(isOwnerMember).length;
  return (
    <Card aria-labelledby="members-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="members-title">Members</CardTitle>
          <CardDescription>
            {organization.members.length === 1 ? '1 member' : `${organization.members.length} members`}
          </CardDescription>
        </div>
        {permissions.can('invitation', 'create') && <InviteMemberDialog />}
      </CardHeader>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Person
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Role
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {organization.members.map((member) => {
              const controls = memberControls(permissions, me, member, ownerCount);
              return (
                <tr key={member.id}>
                  <td className="py-2 pr-3">
                    <div className="font-medium">
                      {member.user.name || member.user.email}
                      {member.id === me.id && (
                        <Badge tone="info" className="ml-2">
                          You
                        </Badge>
                      )}
                    </div>
                    <div className="text-xs text-muted-foreground">{member.user.email}</div>
                  </td>
                  <td className="py-2 pr-3">
                    {controls.changeRole === 'hidden' ? (
                      <Badge>{roleLabel(member.role)}</Badge>
                    ) : (
                      <MemberRoleSelect
                        member={member}
                        organizationId={organization.id}
                        customRoleNames={customRoleNames}
                        includeOwner={permissions.isOwner}
                        disabled={controls.changeRole === 'disabled'}
                        reason={controls.reason}
                      />
                    )}
                  </td>
                  <td className="py-2 text-right">
                    {controls.remove !== 'hidden' && (
                      <RemoveMemberDialog
                        member={member}
                        organizationId={organization.id}
                        organizationName={organization.name}
                        disabled={controls.remove === 'disabled'}
                        reason={controls.reason}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
