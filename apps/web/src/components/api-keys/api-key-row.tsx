import type { ApiKey } from '@gatehouse/client';
import type { ReactNode } from 'react';
import { type Translate, useTranslation } from '../../i18n/language.ts';
import { formatDate } from '../../lib/format-time.ts';
import { Badge } from '../ui/badge.tsx';
import { KeyLastUsed } from './key-last-used.tsx';
import { scopesSummary } from './scope-picker.tsx';

/** What a key is called on screen: its name, or words for a key that has none. */
export const keyName = (apiKey: ApiKey, t: Translate): string => apiKey.name || t('apiKey.unnamed');

/**
 * One key: its name, how it starts, when it was created, when it expires and when it was last used
 * (`lastRequest`, with where from), what a limited key may do, and the actions the screen offers on
 * it (the owner's rotate and revoke, an admin's delete).
 */
export function ApiKeyRow({ apiKey, actions }: { apiKey: ApiKey; actions?: ReactNode }) {
  const { t, language } = useTranslation();
  const expiresAt = apiKey.expiresAt === null ? null : new Date(apiKey.expiresAt);

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{keyName(apiKey, t)}</span>
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
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}
