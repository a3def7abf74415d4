import type { Permissions } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import type { ApiKeyCalls } from '../../../components/api-keys/api-key-calls.ts';
import { ApiKeysList } from '../../../components/api-keys/api-keys-list.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { ADMIN_STATEMENTS } from '../../../lib/permissions/admin-statements.ts';
import { ORG_STATEMENTS } from '../../../lib/permissions/organization-statements.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { useIsAdmin } from '../../../lib/use-is-admin.ts';

/** The person's own keys, newest first (docs/protocol/api-key-client.md#configurations). */
const personalKeys: ApiKeyCalls = {
  queryKey: ['account', 'api-keys'],
  list: (signal) => authClient.apiKeyList({ sortBy: 'createdAt', sortDirection: 'desc' }, { signal }),
  create: (key) => authClient.apiKeyCreate(key),
  revoke: (keyId) => authClient.apiKeyDelete({ keyId }),
  rotate: (keyId) => authClient.apiKeyRotate({ keyId }),
};

/**
 * A personal key may be limited to organization rights (in every organization of its owner) and,
 * for an admin, to admin rights; others are not offered those, which the server would refuse
 * (packages/core/src/features/api-key/README.md, K9).
 */
const ADMIN_SCOPES = unionOf(ORG_STATEMENTS, ADMIN_STATEMENTS);

/** Both vocabularies, a resource both name (`apiKey`) with the actions of each, as the server's is. */
function unionOf(first: Permissions, second: Permissions): Permissions {
  const union: Record<string, string[]> = {};
  for (const statements of [first, second])
    for (const [resource, actions] of Object.entries(statements))
      union[resource] = [...new Set([...(union[resource] ?? []), ...actions])];
  return union;
}

/** `/account/api-keys`: the person's API keys, to create and rotate (the key shown once) and revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const config = useQuery(productConfigQueryOptions());
  const { isAdmin } = useIsAdmin();

  return (
    <div className="space-y-6">
      <title>{`${t('apiKey.title')} · Gatehouse`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t('apiKey.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('apiKey.accountExplain')}</p>
      </div>
      {config.isPending ? (
        <Spinner />
      ) : config.data?.apiKeys ? (
        <Card aria-label={t('apiKey.title')}>
          <ApiKeysList
            calls={personalKeys}
            canCreate
            canRevoke
            canRotate
            statements={isAdmin ? ADMIN_SCOPES : ORG_STATEMENTS}
          />
        </Card>
      ) : (
        // Off (API_KEYS), or the settings could not be read: the server has no key routes to call.
        <Alert tone="info">{t('apiKey.off')}</Alert>
      )}
    </div>
  );
}
