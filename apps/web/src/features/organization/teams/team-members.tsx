import { GatehouseError } from '@gatehouse/client';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
  const { organization, permissions } = useOrgContext();
  const personOf = (userId: string) => organization.members.find((member) => member.userId === userId)?.user;
  const onTeam = new Set((members.data ?? []).map((each) => each.userId));
  const addable = organization.members.filter((member) => !onTeam.has(member.userId));

  return (
    <div className="mt-3 space-y-3">
      {members.isPending && <Spinner label="Loading the team’s members…" />}
      {members.isError && (
        <Alert tone={notOnTeam(members.error) ? 'info' : 'error'}>
          {notOnTeam(members.error)
            ? 'Only people on a team can see who is on it, and you are not on this one.'
            : orgErrorMessage(members.error)}
        </Alert>
      )}
      {members.data && (
        <ul className="divide-y divide-border text-sm">
          {members.data.length === 0 && <li className="py-1 text-muted-foreground">Nobody yet.</li>}
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
                    aria-label={`Remove ${person?.name || person?.email || each.userId} from ${teamName}`}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {permissions.can('member', 'update') && addable.length > 0 && (
        <TeamMemberPicker
          label={`Add a member to ${teamName}`}
          action="Add"
          members={addable}
          pending={add.isPending}
          onPick={add.mutateAsync}
        />
      )}
      {/* The server lists a team only to people on it; others remove by picking a member. */}
      {members.isError && permissions.can('member', 'delete') && (
        <TeamMemberPicker
          label={`Remove a member from ${teamName}`}
          action="Remove"
          members={organization.members}
          pending={remove.isPending}
          onPick={remove.mutateAsync}
        />
      )}
    </div>
  );
}
