import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { errorMessage } from '../../../../lib/error-messages.ts';
import { defaultPasskeyName, passkeysSupported, registerPasskey } from '../../../../lib/passkeys.ts';
import { passkeysQueryKey, passkeysQueryOptions } from '../../../../lib/passkeys-query.ts';
import { RESUMED_FORMS } from '../../../../lib/pending-reauth.ts';
import { productConfigQueryOptions } from '../../../../lib/product-config-query.ts';
import { PasskeyItem } from './passkey-item.tsx';
import { PasskeyNameDialog } from './passkey-name-dialog.tsx';

/**
 * Passkeys on the Security page: add one (named; the name starts as this browser and system),
 * see each with when it was added and last used and whether it is synced, rename, delete.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(productConfigQueryOptions());
  const on = config.data?.passkeys === true;
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: on });
  const changed = () => void queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  const supported = passkeysSupported();
  const list = passkeys.data ?? [];
  // With PASSKEYS=off the server has no passkey routes: the card is left out.
  if (!on) return null;

  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle id="passkeys-title">{t('passkey.title')}</CardTitle>
        <CardDescription>{t('passkey.explain')}</CardDescription>
      </CardHeader>
      {passkeys.isPending ? (
        <Spinner label={t('passkey.loading')} />
      ) : passkeys.isError ? (
        <Alert tone="error">{t('passkey.loadFailed', { reason: errorMessage(passkeys.error, t) })}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('passkey.none')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('passkey.list')}>
          {list.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onChanged={changed} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        {supported ? (
          <PasskeyNameDialog
            trigger={<Button>{t('passkey.add')}</Button>}
            title={t('passkey.add')}
            description={t('passkey.addExplain')}
            submitLabel={t('passkey.create')}
            initialName={() => defaultPasskeyName(t)}
            run={registerPasskey}
            resumes={RESUMED_FORMS.addPasskey}
            onDone={() => {
              toast.success(t('passkey.added'));
              changed();
            }}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t('passkey.unsupported')}</p>
        )}
      </div>
    </Card>
  );
}
