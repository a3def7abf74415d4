import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiKeyCalls } from '../../../components/api-keys/api-key-calls.ts';
import { ApiKeysList } from '../../../components/api-keys/api-keys-list.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { orgKeys } from '../api/org-keys.ts';
import { useOrgContext } from '../layout/org-context.ts';

/**
 * An organization's keys, newest first. Every call names the organization configuration, else
 * the server does not find its keys (docs/protocol/api-key-client.md#configurations).
 */
const organizationKeys = (organizationId: string): ApiKeyCalls => ({
  queryKey: orgKeys.apiKeys(organizationId),
  list: (signal) =>
    authClient.organizationApiKeyList(
      { configId: 'organization', organizationId, sortBy: 'createdAt', sortDirection: 'desc' },
      { signal },
    ),
  create: (key) => authClient.organizationApiKeyCreate({ configId: 'organization', organizationId, ...key }),
  revoke: (keyId) => authClient.organizationApiKeyDelete({ configId: 'organization', keyId }),
  rotate: (keyId) => authClient.organizationApiKeyRotate({ configId: 'organization', keyId }),
});

/**
 * The organization's API keys for members whose role grants apiKey:read (owner and admin by
 * default); create, rotate and revoke for apiKey:create, apiKey:update and apiKey:delete. The tab
 * is hidden from others, and the server refuses them anyway (docs/protocol/api-key-client.md#organization-keys).
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const config = useQuery(productConfigQueryOptions());
  const calls = useMemo(() => organizationKeys(organization.id), [organization.id]);

  return (
    <Card aria-labelledby="org-api-keys-title" className="p-4 sm:p-6">
      <title>{`${t('apiKey.title')} · ${organization.name} · Gatehouse`}</title>
      <CardHeader>
        <CardTitle id="org-api-keys-title">{t('apiKey.title')}</CardTitle>
        <CardDescription>{t('apiKey.orgExplain', { name: organization.name })}</CardDescription>
      </CardHeader>
      {config.isPending || permissions.isPending ? (
        <Spinner />
      ) : !config.data?.apiKeys ? (
        <Alert tone="info">{t('apiKey.off')}</Alert>
      ) : !permissions.can('apiKey', 'read') ? (
        <Alert tone="info">{t('apiKey.noAccess')}</Alert>
      ) : (
        <ApiKeysList
          key={organization.id}
          calls={calls}
          canCreate={permissions.can('apiKey', 'create')}
          canRevoke={permissions.can('apiKey', 'delete')}
          // Rotating changes the key, so the server asks for apiKey:update (K13).
          canRotate={permissions.can('apiKey', 'update')}
          // An organization key's scopes must all be the creating member's own there (K9).
          canGrant={permissions.can}
        />
      )}
    </Card>
  );
}
