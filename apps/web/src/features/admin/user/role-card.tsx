import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { ROLES, roleLabel } from '../shared/roles.ts';

/** The role, from the two the server knows; a role stored otherwise is kept as a choice. */
export function RoleCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const id = useId();
  const userUpdated = useUserUpdated();
  const current = user.role || 'user';
  const [role, setRole] = useState(current);
  const options = ROLES.some((each) => each.value === current)
    ? ROLES
    : [...ROLES, { value: current, label: `${roleLabel(current)} (current)` }];

  const save = useMutation({
    mutationFn: () => authClient.adminSetRole({ userId: user.id, role }),
    onSuccess: ({ user: updated }) => {
      userUpdated(updated);
      setRole(updated.role || 'user');
      toast.success(`${updated.name || updated.email} is now ${roleLabel(updated.role || 'user')}.`);
    },
  });

  const losingAdmin = isSelf && current.split(',').includes('admin') && !role.split(',').includes('admin');

  return (
    <Card aria-labelledby="role-title">
      <CardHeader>
        <CardTitle id="role-title">Role</CardTitle>
        <CardDescription>
          Admins can see and change every user. Their sessions stay signed in.
        </CardDescription>
      </CardHeader>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium">
            Role
          </label>
          <Select
            id={id}
            value={role}
            onChange={(event) => setRole(event.target.value)}
            aria-describedby={losingAdmin ? `${id}-warning` : undefined}
            className="sm:max-w-xs"
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        {losingAdmin && (
          <Alert id={`${id}-warning`} tone="error">
            This is your own account: without the Admin role you lose access to this area at once.
          </Alert>
        )}
        {save.isError && <Alert tone="error">{adminErrorMessage(save.error)}</Alert>}
        <Button type="submit" variant="secondary" pending={save.isPending} disabled={role === current}>
          Change role
        </Button>
      </form>
    </Card>
  );
}
