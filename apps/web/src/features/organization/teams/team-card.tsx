import type { Team } from '@gatehouse/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { teamMembersQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { DeleteTeamDialog } from './delete-team-dialog.tsx';

/**
 * One team: rename (team:update), delete (team:delete), and its members, added with
 * member:update and removed with member:delete as the server requires.
 */
export function TeamCard({ team }: { team: Team & { memberCount?: number } }) {
  const { organization, permissions } = useOrgContext();
  const renameId = useId();
  const addId = useId();
  const orgChanged = useOrgChanged();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(team.name);
  const [showMembers, setShowMembers] = useState(false);
  const [adding, setAdding] = useState('');
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
      setAdding('');
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      authClient.organizationRemoveTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
    onSuccess: () => orgChanged(),
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
          <h3 className="font-medium">
            {team.name}
            {team.memberCount !== undefined && (
              <span className="ml-2 text-xs text-muted-foreground">
                {team.memberCount === 1 ? '1 member' : `${team.memberCount} members`}
              </span>
            )}
          </h3>
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
            <Alert tone="info">
              {orgErrorMessage(members.error)} The server shows a team’s members only to people on the team.
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
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (adding) add.mutate(adding);
              }}
            >
              <div className="space-y-1.5">
                <label htmlFor={addId} className="block text-sm font-medium">
                  Add a member to {team.name}
                </label>
                <Select
                  id={addId}
                  value={adding}
                  onChange={(event) => setAdding(event.target.value)}
                  className="w-56"
                >
                  <option value="">Choose a member…</option>
                  {addable.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.user.name || member.user.email}
                    </option>
                  ))}
                </Select>
              </div>
              <Button type="submit" variant="secondary" pending={add.isPending} disabled={!adding}>
                Add
              </Button>
            </form>
          )}
        </div>
      )}
    </li>
  );
}
