import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Input } from '../../components/ui/input.tsx';
import { useTranslation } from '../../i18n/language.ts';
import { OPENAPI_URL } from './api-base.ts';
import {
  groupOperations,
  matchOperations,
  type OpenApiDocument,
  operationsOf,
} from './openapi-operations.ts';
import { OperationCard } from './operation-card.tsx';

async function fetchDocument({ signal }: { signal: AbortSignal }): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** The API reference, read from the engine's own OpenAPI document so it cannot fall behind it. */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const document = useQuery({
    queryKey: ['openapi-document'],
    queryFn: fetchDocument,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const operations = useMemo(() => (document.data ? operationsOf(document.data) : []), [document.data]);
  const shown = matchOperations(operations, search);
  useScrollToHash(document.isSuccess);
  return (
    <div className="min-w-0 space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('apiDocs.title')}</h1>
        <p className="text-muted-foreground">{document.data?.info?.description ?? t('apiDocs.intro')}</p>
        <p className="text-sm">
          <a className="underline" href={OPENAPI_URL}>
            {t('apiDocs.document')}
          </a>
        </p>
      </header>
      {document.isPending && <p role="status">{t('apiDocs.loading')}</p>}
      {document.isError && (
        <p role="alert" className="text-destructive">
          {t('apiDocs.loadFailed', { reason: String(document.error.message) })}
        </p>
      )}
      {document.isSuccess && (
        <>
          <div className="space-y-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              {t('apiDocs.search')}
            </label>
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <p role="status" className="text-sm text-muted-foreground">
              {shown.length === 0
                ? t('apiDocs.noMatch', { search })
                : t('apiDocs.count', { count: shown.length })}
            </p>
          </div>
          {groupOperations(shown).map(([group, list]) => (
            <section key={group} aria-labelledby={`group-${group}`} className="space-y-3">
              <h2 id={`group-${group}`} className="text-lg font-semibold">
                {group}
              </h2>
              {list.map((operation) => (
                <OperationCard key={`${operation.method} ${operation.path}`} operation={operation} />
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}

/** A deep link (`#signInEmail`) points at content that exists only once the document arrived. */
function useScrollToHash(ready: boolean) {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const target = window.document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    target?.scrollIntoView?.();
  }, [ready]);
}
