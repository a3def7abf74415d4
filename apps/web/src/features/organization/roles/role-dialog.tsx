import type { OrganizationRole, Permissions } from '@gatehouse/client';
import { useId, useState } from 'react';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { RoleMatrix } from './role-matrix.tsx';

/**
 * Creates a custom role, or edits one (`role` given): its name and its permission matrix. Only
 * changed parts are sent on edit, since renaming to the current name is refused by the server.
 */
export function RoleDialog({ role }: { role?: OrganizationRole }) {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const nameId = useId();
  const [name, setName] = useState(role?.role ?? '');
  const [permission, setPermission] = useState<Permissions>(role?.permission ?? {});

  const {
    open,
    setOpen,
    mutation: save,
  } = useOrgDialogMutation({
    mutationFn: async () => {
      const roleName = name.trim().toLowerCase();
      if (!role) {
        return (
          await authClient.organizationCreateRole({
            role: roleName,
            permission,
            organizationId: organization.id,
          })
        ).roleData;
      }
      return (
        await authClient.organizationUpdateRole({
          roleId: role.id,
          organizationId: organization.id,
          data: { permission, ...(roleName !== role.role ? { roleName } : {}) },
        })
      ).roleData;
    },
    successMessage: (saved) => t(role ? 'orgRole.saved' : 'orgRole.created', { name: saved.role }),
  });

  return (
    <FormDialog
      trigger={
        role ? (
          <Button variant="secondary" aria-label={t('orgRole.editLabel', { name: role.role })}>
            {t('orgRole.edit')}
          </Button>
        ) : (
          <Button>{t('orgRole.new')}</Button>
        )
      }
      title={role ? t('orgRole.editTitle', { name: role.role }) : t('orgRole.newTitle')}
      description={t('orgRole.dialogExplain')}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // On opening, not closing: after a save the role itself changes once the pages reload.
        if (next) {
          setName(role?.role ?? '');
          setPermission(role?.permission ?? {});
        }
      }}
      className="sm:max-w-2xl"
      resets={[save]}
    >
      <DialogForm
        onSubmit={() => {
          if (name.trim()) save.mutate();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={nameId} className="block text-sm font-medium">
            {t('orgRole.name')}
          </label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            required
          />
        </div>
        <RoleMatrix value={permission} onChange={setPermission} canGrant={permissions.can} />
      </DialogForm>
      <FormActions
        error={save.isError ? orgErrorMessage(save.error, t) : null}
        submitLabel={role ? t('orgRole.save') : t('orgRole.create')}
        canSubmit={name.trim() !== ''}
        pending={save.isPending}
      />
    </FormDialog>
  );
}
