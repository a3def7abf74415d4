import { type AdminUser, GatehouseError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { PasskeySummary } from '../../../components/passkey-summary.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { userPasskeysQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** The passkeys the user can sign in with (read only); absent when the product runs without passkeys. */
export function PasskeysCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const passkeys = useQuery(userPasskeysQueryOptions(user.id));
  // The server answers 404 with PASSKEYS=off: nothing to show then.
  if (passkeys.error instanceof GatehouseError && passkeys.error.status === 404) return null;
  const list = passkeys.data ?? [];
  return (
    <Card aria-labelledby="admin-passkeys-title">
      <CardHeader>
        <CardTitle id="admin-passkeys-title">{t('passkey.title')}</CardTitle>
        <CardDescription>{t('admin.pk.explain')}</CardDescription>
      </CardHeader>
      {passkeys.isPending ? (
        <Spinner label={t('passkey.loading')} />
      ) : passkeys.isError ? (
        <Alert tone="error">
          {t('passkey.loadFailed', { reason: adminErrorMessage(passkeys.error, t) })}
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('passkey.none')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('passkey.list')}>
          {list.map((passkey) => (
            <li key={passkey.id} className="py-3">
              <PasskeySummary passkey={passkey} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
