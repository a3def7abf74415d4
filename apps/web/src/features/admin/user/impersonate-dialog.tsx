import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { reloadAt } from '../shared/impersonation.ts';

/**
 * Signs in as the user, then loads /account afresh: the session changed hands, and every cache
 * (queries, the session store, the admin check) has to start again.
 */
export function ImpersonateDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const { t } = useTranslation();
  const impersonate = useMutation({
    mutationFn: () => authClient.adminImpersonateUser({ userId: user.id }),
    onSuccess: () => reloadAt(paths.account),
  });

  return (
    <FormDialog
      trigger={
        <Button variant="secondary" disabled={disabled}>
          {t('admin.impersonate.open')}
        </Button>
      }
      title={t('admin.impersonate.title', { name: user.name || user.email })}
      description={t('admin.impersonate.explain')}
      // Between the answer and the new page the button keeps spinning: there is nothing else to do.
      locked={impersonate.isPending || impersonate.isSuccess}
      resets={[impersonate]}
    >
      <DialogForm onSubmit={() => impersonate.mutate()} />
      <FormActions
        error={impersonate.isError ? adminErrorMessage(impersonate.error, t) : null}
        submitLabel={t('admin.impersonate.submit')}
        pending={impersonate.isPending}
      />
    </FormDialog>
  );
}
