import type { MemberWithUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Select } from '../../../components/ui/select.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { roleChoices, roleLabel } from '../shared/role-label.ts';

/** Changes a member's role as soon as another one is picked; the server has the last word. */
export function MemberRoleSelect({
  member,
  organizationId,
  customRoleNames,
  includeOwner,
  disabled,
  reason,
}: {
  member: MemberWithUser;
  organizationId: string;
  customRoleNames: readonly string[];
  includeOwner: boolean;
  disabled?: boolean;
  reason?: string;
}) {
  const orgChanged = useOrgChanged();
  const update = useMutation({
    mutationFn: (role: string) =>
      authClient.organizationUpdateMemberRole({ memberId: member.id, role, organizationId }),
    onSuccess: async (updated) => {
      toast.success(`${member.user.name || member.user.email} is now ${roleLabel(updated.role)}.`);
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });
  const choices = roleChoices(customRoleNames, includeOwner);
  // A role held now but not offered (owner for an admin, a combination) stays visible.
  const options = choices.includes(member.role) ? choices : [member.role, ...choices];
  const value = update.isPending ? (update.variables ?? member.role) : member.role;
  return (
    <Select
      aria-label={`Role of ${member.user.name || member.user.email}`}
      value={value}
      disabled={disabled || update.isPending}
      aria-busy={update.isPending || undefined}
      title={reason}
      className="w-36"
      onChange={(event) => update.mutate(event.target.value)}
    >
      {options.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </Select>
  );
}
