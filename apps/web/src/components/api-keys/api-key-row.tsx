import type { ApiKey } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { formatDate } from '../../lib/format-time.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import type { ApiKeyCalls } from './api-key-calls.ts';
import { KeyLastUsed } from './key-last-used.tsx';
import { scopesSummary } from './scope-picker.tsx';

/**
 * One key: its name, how it starts, when it was created, when it expires and when it was last used
 * (`lastRequest`, with where from), what a limited key may do, and, for those who may, revoking it
 * after a confirmation.
 */
export function ApiKeyRow({
  apiKey,
  calls,
  canRevoke,
}: {
  apiKey: ApiKey;
  calls: ApiKeyCalls;
  canRevoke: boolean;
}) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = apiKey.name || t('apiKey.unnamed');
  const revoke = useMutation({
    mutationFn: () => calls.revoke(apiKey.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('apiKey.revoked', { name }));
      await queryClient.invalidateQueries({ queryKey: calls.queryKey });
    },
  });
  const expiresAt = apiKey.expiresAt === null ? null : new Date(apiKey.expiresAt);

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{name}</span>
          {apiKey.enabled === false && <Badge tone="warning">{t('apiKey.disabled')}</Badge>}
          {apiKey.permissions && <Badge>{t('apiKey.access.limited')}</Badge>}
        </div>
        {apiKey.start && (
          <p className="font-mono text-xs text-muted-foreground">
            {t('apiKey.start', { start: apiKey.start })}
          </p>
        )}
        {apiKey.permissions && (
          <p className="text-xs text-muted-foreground break-words">
            {t('apiKey.scopes', { scopes: scopesSummary(apiKey.permissions, t) || t('apiKey.scopesEmpty') })}
          </p>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>{t('apiKey.created', { date: formatDate(new Date(apiKey.createdAt), language) })}</span>
          <span>
            {expiresAt === null
              ? t('apiKey.neverExpires')
              : t(expiresAt.getTime() <= Date.now() ? 'apiKey.expired' : 'apiKey.expires', {
                  date: formatDate(expiresAt, language),
                })}
          </span>
          <KeyLastUsed apiKey={apiKey} />
        </p>
      </div>
      {canRevoke && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="destructive" aria-label={t('apiKey.revokeLabel', { name })}>
              {t('apiKey.revoke')}
            </Button>
          }
          title={t('apiKey.revokeTitle', { name })}
          description={t('apiKey.revokeExplain')}
          confirmLabel={t('apiKey.revoke')}
          cancelLabel={t('common.cancel')}
          action={revoke}
          errorMessage={(error) => errorMessage(error, t)}
        />
      )}
    </li>
  );
}
