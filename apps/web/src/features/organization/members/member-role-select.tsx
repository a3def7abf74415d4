import type { MemberWithUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { roleChoices, roleLabel } from '../../../lib/role-label.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/**
 * A member's role: picking another asks to confirm before it applies (a role decides what the
 * person may do, so a slip of the picker must not change it); the server has the last word.
 */
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
  const { t } = useTranslation();
  const orgChanged = useOrgChanged();
  const [proposed, setProposed] = useState<string | null>(null);
  const name = member.user.name || member.user.email;
  const update = useMutation({
    mutationFn: (role: string) =>
      authClient.organizationUpdateMemberRole({ memberId: member.id, role, organizationId }),
    onSuccess: async (updated) => {
      setProposed(null);
      toast.success(t('org.members.roleChanged', { name, role: roleLabel(updated.role, t) }));
      await orgChanged();
    },
  });
  const choices = roleChoices(customRoleNames, includeOwner);
  // A role held now but not offered (owner for an admin, a combination) stays visible.
  const options = choices.includes(member.role) ? choices : [member.role, ...choices];
  const value = proposed ?? member.role;
  return (
    <>
      <Select
        aria-label={t('org.members.roleOf', { name })}
        value={value}
        disabled={disabled || update.isPending}
        aria-busy={update.isPending || undefined}
        title={reason}
        className="w-36"
        onChange={(event) => {
          if (event.target.value !== member.role) setProposed(event.target.value);
        }}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role, t)}
          </option>
        ))}
      </Select>
      <Dialog
        open={proposed !== null}
        onOpenChange={(open) => {
          if (open || update.isPending) return;
          setProposed(null);
          update.reset();
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('org.members.changeTitle', { name })}</DialogTitle>
            <DialogDescription>
              {t('org.members.changeExplain', {
                name,
                role: roleLabel(proposed ?? member.role, t),
                previous: roleLabel(member.role, t),
              })}
            </DialogDescription>
          </DialogHeader>
          <DialogActions error={update.isError ? orgErrorMessage(update.error, t) : null}>
            <Button pending={update.isPending} onClick={() => proposed && update.mutate(proposed)}>
              {t('org.members.changeRole')}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </>
  );
}
