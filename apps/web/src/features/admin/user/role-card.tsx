import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { ROLES, roleLabel } from '../shared/roles.ts';

/** The role, from the two the server knows; a role stored otherwise is kept as a choice. */
export function RoleCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const userUpdated = useUserUpdated();
  const current = user.role || 'user';
  const [role, setRole] = useState(current);
  const known = ROLES.map((each) => ({ value: each.value as string, label: t(each.label) }));
  const options = ROLES.some((each) => each.value === current)
    ? known
    : [...known, { value: current, label: t('admin.role.current', { role: roleLabel(current, t) }) }];

  const save = useMutation({
    mutationFn: () => authClient.adminSetRole({ userId: user.id, role }),
    onSuccess: ({ user: updated }) => {
      userUpdated(updated);
      setRole(updated.role || 'user');
      toast.success(
        t('admin.roleCard.done', {
          name: updated.name || updated.email,
          role: roleLabel(updated.role || 'user', t),
        }),
      );
    },
  });

  const losingAdmin = isSelf && current.split(',').includes('admin') && !role.split(',').includes('admin');

  return (
    <Card aria-labelledby="role-title">
      <CardHeader>
        <CardTitle id="role-title">{t('admin.roleCard.title')}</CardTitle>
        <CardDescription>{t('admin.roleCard.explain')}</CardDescription>
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
            {t('admin.roleCard.title')}
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
            {t('admin.roleCard.losingAdmin')}
          </Alert>
        )}
        {save.isError && <Alert tone="error">{adminErrorMessage(save.error, t)}</Alert>}
        <Button type="submit" variant="secondary" pending={save.isPending} disabled={role === current}>
          {t('admin.roleCard.change')}
        </Button>
      </form>
    </Card>
  );
}
