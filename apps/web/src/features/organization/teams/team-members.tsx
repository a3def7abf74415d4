import { GatehouseError } from '@gatehouse/client';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { TeamMemberPicker } from './team-member-picker.tsx';
import type { TeamMembersState } from './use-team-members.ts';

const notOnTeam = (error: unknown) =>
  error instanceof GatehouseError && error.code === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM';

/**
 * Who is on the team, with Remove beside each (member:delete) and a picker to add more
 * (member:update), as the server requires.
 */
export function TeamMembers({ teamName, members, add, remove }: { teamName: string } & TeamMembersState) {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const personOf = (userId: string) => organization.members.find((member) => member.userId === userId)?.user;
  const onTeam = new Set((members.data ?? []).map((each) => each.userId));
  const addable = organization.members.filter((member) => !onTeam.has(member.userId));

  return (
    <div className="mt-3 space-y-3">
      {members.isPending && <Spinner label={t('team.loadingMembers')} />}
      {members.isError && (
        <Alert tone={notOnTeam(members.error) ? 'info' : 'error'}>
          {notOnTeam(members.error) ? t('team.notOnTeam') : orgErrorMessage(members.error, t)}
        </Alert>
      )}
      {members.data && (
        <ul className="divide-y divide-border text-sm">
          {members.data.length === 0 && <li className="py-1 text-muted-foreground">{t('team.nobody')}</li>}
          {members.data.map((each) => {
            const person = personOf(each.userId);
            return (
              <li key={each.id} className="flex items-center justify-between gap-2 py-1">
                <span>{person ? person.name || person.email : each.userId}</span>
                {permissions.can('member', 'delete') && (
                  <Button
                    variant="ghost"
                    pending={remove.isPending && remove.variables === each.userId}
                    onClick={() => remove.mutate(each.userId)}
                    aria-label={t('team.removeFrom', {
                      name: person?.name || person?.email || each.userId,
                      team: teamName,
                    })}
                  >
                    {t('team.remove')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {permissions.can('member', 'update') && addable.length > 0 && (
        <TeamMemberPicker
          label={t('team.addTo', { team: teamName })}
          action={t('team.add')}
          members={addable}
          pending={add.isPending}
          onPick={add.mutateAsync}
        />
      )}
      {/* The server lists a team only to people on it; others remove by picking a member. */}
      {members.isError && permissions.can('member', 'delete') && (
        <TeamMemberPicker
          label={t('team.removeSomeoneFrom', { team: teamName })}
          action={t('team.remove')}
          members={organization.members}
          pending={remove.isPending}
          onPick={remove.mutateAsync}
        />
      )}
    </div>
  );
}
