import type { OrganizationRole, Permissions } from '@gatehouse/client';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
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
    successMessage: (saved) => (role ? `Saved the role ${saved.role}.` : `Created the role ${saved.role}.`),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(role?.role ?? '');
          setPermission(role?.permission ?? {});
        } else save.reset();
      }}
    >
      <DialogTrigger asChild>
        {role ? (
          <Button variant="secondary" aria-label={`Edit ${role.role}`}>
            Edit
          </Button>
        ) : (
          <Button>New role…</Button>
        )}
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{role ? `Edit the role ${role.role}` : 'New role'}</DialogTitle>
          <DialogDescription>
            Members with this role may do what is ticked. You can give only permissions your own role has.
          </DialogDescription>
        </DialogHeader>
        <form
          id="role-form"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) save.mutate();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={nameId} className="block text-sm font-medium">
              Role name
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
        </form>
        <DialogActions error={save.isError ? orgErrorMessage(save.error) : null}>
          <Button type="submit" form="role-form" pending={save.isPending} disabled={!name.trim()}>
            {role ? 'Save role' : 'Create role'}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
