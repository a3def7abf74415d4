import { GatehouseError, type Team } from '@gatehouse/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { teamMembersQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { DeleteTeamDialog } from './delete-team-dialog.tsx';
import { TeamMemberPicker } from './team-member-picker.tsx';

const notOnTeam = (error: unknown) =>
  error instanceof GatehouseError && error.code === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM';

/**
 * One team: rename (team:update), delete (team:delete), and its members, added with
 * member:update and removed with member:delete as the server requires.
 */
export function TeamCard({ team }: { team: Team & { memberCount?: number } }) {
  const { organization, permissions } = useOrgContext();
  const renameId = useId();
  const orgChanged = useOrgChanged();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(team.name);
  const [showMembers, setShowMembers] = useState(false);
  const members = useQuery({ ...teamMembersQueryOptions(team.id), enabled: showMembers });

  const rename = useMutation({
    mutationFn: () =>
      authClient.organizationUpdateTeam({
        teamId: team.id,
        data: { name: name.trim(), organizationId: organization.id },
      }),
    onSuccess: async () => {
      toast.success('Team renamed.');
      setRenaming(false);
      await orgChanged();
    },
  });
  const add = useMutation({
    mutationFn: (userId: string) =>
      authClient.organizationAddTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
    onSuccess: async () => {
      toast.success('Added to the team.');
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      authClient.organizationRemoveTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
    onSuccess: async () => {
      toast.success('Removed from the team.');
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });

  const personOf = (userId: string) => organization.members.find((member) => member.userId === userId)?.user;
  const onTeam = new Set((members.data ?? []).map((each) => each.userId));
  const addable = organization.members.filter((member) => !onTeam.has(member.userId));

  return (
    <li className="rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {renaming ? (
          <form
            noValidate
            className="flex flex-1 flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) rename.mutate();
            }}
          >
            <label htmlFor={renameId} className="sr-only">
              New name of {team.name}
            </label>
            <Input
              id={renameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className="max-w-xs"
            />
            <Button type="submit" pending={rename.isPending} disabled={!name.trim()}>
              Save
            </Button>
            <Button variant="ghost" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <div>
            <h3 className="font-medium">{team.name}</h3>
            {team.memberCount !== undefined && (
              <p className="text-xs text-muted-foreground">
                {team.memberCount === 1 ? '1 member' : `${team.memberCount} members`}
              </p>
            )}
          </div>
        )}
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => setShowMembers((shown) => !shown)}
            aria-expanded={showMembers}
          >
            {showMembers ? 'Hide members' : 'Members'}
          </Button>
          {!renaming && permissions.can('team', 'update') && (
            <Button variant="secondary" onClick={() => setRenaming(true)} aria-label={`Rename ${team.name}`}>
              Rename
            </Button>
          )}
          {permissions.can('team', 'delete') && (
            <DeleteTeamDialog team={team} organizationId={organization.id} />
          )}
        </div>
      </div>
      {rename.isError && (
        <Alert tone="error" className="mt-2">
          {orgErrorMessage(rename.error)}
        </Alert>
      )}
      {showMembers && (
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
                        aria-label={`Remove ${person?.name || person?.email || each.userId} from ${team.name}`}
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
              label={`Add a member to ${team.name}`}
              action="Add"
              members={addable}
              pending={add.isPending}
              onPick={add.mutateAsync}
            />
          )}
          {/* The server lists a team only to people on it; others remove by picking a member. */}
          {members.isError && permissions.can('member', 'delete') && (
            <TeamMemberPicker
              label={`Remove a member from ${team.name}`}
              action="Remove"
              members={organization.members}
              pending={remove.isPending}
              onPick={remove.mutateAsync}
            />
          )}
        </div>
      )}
    </li>
  );
}
