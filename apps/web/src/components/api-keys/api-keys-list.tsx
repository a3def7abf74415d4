import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import type { ApiKeyCalls } from './api-key-calls.ts';
import { ApiKeyRows } from './api-key-rows.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog.tsx';
import { RotateApiKeyDialog } from './rotate-api-key-dialog.tsx';
import type { ScopeStatements } from './scope-picker.tsx';

interface ApiKeysListProps {
  calls: ApiKeyCalls;
  /** Whether the create button is offered (the server decides anyway). */
  canCreate: boolean;
  /** Whether each key has a revoke button (the server decides anyway). */
  canRevoke: boolean;
  /** Whether each key has a rotate button (the server decides anyway). */
  canRotate: boolean;
  /** What a limited key may be given; absent: the organization statements. */
  statements?: ScopeStatements;
  /** Which scopes a new key may be given (the server decides anyway); absent: any. */
  canGrant?: (resource: string, action: string) => boolean;
}

/**
 * One owner's keys, with how many there are, the create button and each key's rotate and revoke.
 * Account → API keys and an organization's API keys tab differ only in their calls and what the
 * caller may do.
 */
export function ApiKeysList({
  calls,
  canCreate,
  canRevoke,
  canRotate,
  statements,
  canGrant,
}: ApiKeysListProps) {
  const { t } = useTranslation();
  const keys = useQuery({ queryKey: calls.queryKey, queryFn: ({ signal }) => calls.list(signal) });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {keys.data && keys.data.total > 0 ? t('apiKey.count', { count: keys.data.total }) : null}
        </p>
        {canCreate && <CreateApiKeyDialog calls={calls} statements={statements} canGrant={canGrant} />}
      </div>
      <ApiKeyRows
        read={keys}
        apiKeys={keys.data?.apiKeys}
        none={t('apiKey.none')}
        errorWords={(error) => errorMessage(error, t)}
        actions={(apiKey) =>
          canRotate || canRevoke ? (
            <>
              {canRotate && <RotateApiKeyDialog apiKey={apiKey} calls={calls} />}
              {canRevoke && <RevokeApiKeyDialog apiKey={apiKey} calls={calls} />}
            </>
          ) : null
        }
      />
    </div>
  );
}
