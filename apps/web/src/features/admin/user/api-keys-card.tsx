import type { AdminUser, ApiKey } from '@gatehouse/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { keyName } from '../../../components/api-keys/api-key-row.tsx';
import { ApiKeyRows } from '../../../components/api-keys/api-key-rows.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { userApiKeysQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/**
 * The user's personal API keys, each as Account → API keys shows it, with a delete for each
 * (packages/core/src/features/api-key/README.md, K14). Absent when the product runs without API
 * keys (API_KEYS), whose routes the server then does not have.
 */
export function ApiKeysCard({ user }: { user: AdminUser }) {
  const config = useQuery(productConfigQueryOptions());
  return config.data?.apiKeys ? <UserApiKeys user={user} /> : null;
}

function UserApiKeys({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const keys = useQuery(userApiKeysQueryOptions(user.id));
  return (
    <Card aria-labelledby="admin-api-keys-title">
      <CardHeader>
        <CardTitle id="admin-api-keys-title">{t('apiKey.title')}</CardTitle>
        <CardDescription>{t('admin.keys.explain')}</CardDescription>
      </CardHeader>
      <ApiKeyRows
        read={keys}
        apiKeys={keys.data}
        none={t('admin.keys.none')}
        errorWords={(error) => adminErrorMessage(error, t)}
        actions={(apiKey) => <DeleteKeyDialog user={user} apiKey={apiKey} />}
      />
    </Card>
  );
}

/** Deletes one of the user's keys after a confirmation; whatever uses it stops at once. */
function DeleteKeyDialog({ user, apiKey }: { user: AdminUser; apiKey: ApiKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const name = keyName(apiKey, t);
  const who = user.name || user.email;
  const remove = useMutation({
    mutationFn: () => authClient.adminDeleteUserApiKey({ userId: user.id, keyId: apiKey.id }),
    onSuccess: async () => {
      setOpen(false);
      toast.success(t('admin.keys.deleted', { name }));
      await queryClient.invalidateQueries({ queryKey: adminKeys.userApiKeys(user.id) });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" aria-label={t('admin.keys.deleteLabel', { name })}>
          {t('admin.keys.delete')}
        </Button>
      }
      title={t('admin.keys.deleteTitle', { name, user: who })}
      description={t('admin.keys.deleteExplain')}
      confirmLabel={t('admin.keys.delete')}
      cancelLabel={t('common.cancel')}
      action={remove}
      errorMessage={(error) => adminErrorMessage(error, t)}
    />
  );
}
