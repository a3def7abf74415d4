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
  const groups = groupOperations(shown, document.data?.tags);
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
          {groups.length > 0 && (
            <nav aria-label={t('apiDocs.contents')}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {groups.map((group) => (
                  <li key={group.name}>
                    <a className="underline" href={`#${group.anchor}`}>
                      {group.name}
                    </a>{' '}
                    <span className="text-muted-foreground">({group.operations.length})</span>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {groups.map((group) => (
            <section key={group.name} aria-labelledby={group.anchor} className="space-y-3">
              <div className="space-y-1">
                <h2 id={group.anchor} className="scroll-mt-4 text-lg font-semibold">
                  {group.name}
                </h2>
                {group.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
              </div>
              {group.operations.map((operation) => (
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
