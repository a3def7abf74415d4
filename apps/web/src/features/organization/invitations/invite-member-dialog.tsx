import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { roleChoices, roleLabel } from '../shared/role-label.ts';

const NO_TEAM = '';

/**
 * Invites a person by email with a role (and a team when the organization has teams); the
 * server emails them a link to the invitation page. Only owners are offered the owner role.
 */
export function InviteMemberDialog() {
  const { organization, permissions, customRoles } = useOrgContext();
  const emailId = useId();
  const roleId = useId();
  const teamId = useId();
  const orgChanged = useOrgChanged();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [team, setTeam] = useState(NO_TEAM);
  const choices = roleChoices(
    (customRoles ?? []).map((each) => each.role),
    permissions.isOwner,
  );

  const invite = useMutation({
    mutationFn: () =>
      authClient.organizationInviteMember({
        email: email.trim(),
        role,
        organizationId: organization.id,
        ...(team ? { teamId: team } : {}),
      }),
    onSuccess: async (invitation) => {
      toast.success(`Invitation sent to ${invitation.email}.`);
      setOpen(false);
      setEmail('');
      await orgChanged();
    },
  });

  return (
    <FormDialog
      trigger={<Button>Invite member…</Button>}
      title="Invite a member"
      description={`We email them a link. They join ${organization.name} once they accept.`}
      open={open}
      onOpenChange={setOpen}
      mutation={invite}
      onSubmit={() => {
        if (email.trim()) invite.mutate();
      }}
      submitLabel="Send invitation"
      canSubmit={email.trim() !== ''}
      error={invite.isError ? orgErrorMessage(invite.error) : null}
    >
      <div className="space-y-1.5">
        <label htmlFor={emailId} className="block text-sm font-medium">
          Email
        </label>
        <Input
          id={emailId}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
          required
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={roleId} className="block text-sm font-medium">
          Role
        </label>
        <Select id={roleId} value={role} onChange={(event) => setRole(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {roleLabel(choice)}
            </option>
          ))}
        </Select>
      </div>
      {organization.teams && organization.teams.length > 0 && (
        <div className="space-y-1.5">
          <label htmlFor={teamId} className="block text-sm font-medium">
            Team (optional)
          </label>
          <Select id={teamId} value={team} onChange={(event) => setTeam(event.target.value)}>
            <option value={NO_TEAM}>No team</option>
            {organization.teams.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </Select>
        </div>
      )}
    </FormDialog>
  );
}
