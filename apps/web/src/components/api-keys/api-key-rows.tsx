import type { ApiKey } from '@gatehouse/client';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ApiKeyRow } from './api-key-row.tsx';

/** The parts of the list's query the rows follow. */
interface KeysRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Keys as rows, or, while there are none to show, why: loading, a failure in the screen's words
 * (with a retry), or `none`. The owner's list and the admin user page's card differ only in
 * their words and each row's actions.
 */
export function ApiKeyRows({
  read,
  apiKeys,
  none,
  errorWords,
  actions,
}: {
  read: KeysRead;
  apiKeys: readonly ApiKey[] | undefined;
  none: string;
  errorWords: (error: unknown) => string;
  actions: (apiKey: ApiKey) => ReactNode;
}) {
  const { t } = useTranslation();
  if (read.isPending) return <Spinner label={t('apiKey.loading')} />;
  if (read.isError || apiKeys === undefined)
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('apiKey.loadFailed', { reason: errorWords(read.error) })}</span>
        <Button variant="secondary" pending={read.isFetching} onClick={() => void read.refetch()}>
          {t('apiKey.retry')}
        </Button>
      </Alert>
    );
  if (apiKeys.length === 0) return <p className="text-sm text-muted-foreground">{none}</p>;
  return (
    <ul className="divide-y divide-border" aria-label={t('apiKey.title')}>
      {apiKeys.map((apiKey) => (
        <ApiKeyRow key={apiKey.id} apiKey={apiKey} actions={actions(apiKey)} />
      ))}
    </ul>
  );
}
