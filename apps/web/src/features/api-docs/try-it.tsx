import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTranslation } from '../../i18n/language.ts';
import { API_BASE } from './api-base.ts';
import type { Operation } from './openapi-operations.ts';

interface Answer {
  status: number;
  body: string;
}

/** Sends the call as the person signed in here: the browser adds the session cookie. */
async function send(
  operation: Operation,
  query: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  const filled = Object.entries(query).filter(([, value]) => value !== '');
  const search = filled.length > 0 ? `?${new URLSearchParams(filled)}` : '';
  const response = await fetch(`${API_BASE}${operation.path}${search}`, {
    method: operation.method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (an HTML page, an empty body): shown as it came.
  }
  return { status: response.status, body: shown };
}

/**
 * "Try it": a GET goes at once; anything else may change state, so it is sent only after the
 * person confirms, with the body they may edit first. Query parameters left empty are not sent.
 */
export function TryIt({ operation, example }: { operation: Operation; example?: string }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [body, setBody] = useState(example ?? '{}');
  const [query, setQuery] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const reads = operation.method === 'GET';
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const call = useMutation({
    mutationFn: () => send(operation, query, reads ? undefined : body),
    onSuccess: () => setConfirming(false),
  });
  return (
    <div className="space-y-2">
      {queryParameters.map((parameter) => (
        <div key={parameter.name} className="space-y-1">
          <label htmlFor={`${bodyId}-${parameter.name}`} className="font-mono text-sm">
            {parameter.name}
          </label>
          <Input
            id={`${bodyId}-${parameter.name}`}
            value={query[parameter.name] ?? ''}
            onChange={(event) => setQuery({ ...query, [parameter.name]: event.target.value })}
            spellCheck={false}
          />
        </div>
      ))}
      {!reads && (
        <div className="space-y-1">
          <label htmlFor={bodyId} className="text-sm font-medium">
            {t('apiDocs.tryBody')}
          </label>
          <Textarea
            id={bodyId}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className="font-mono text-xs"
            rows={Math.min(10, body.split('\n').length + 1)}
            spellCheck={false}
          />
        </div>
      )}
      {reads ? (
        <Button variant="secondary" pending={call.isPending} onClick={() => call.mutate()}>
          {t('apiDocs.tryIt')}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={<Button variant="secondary">{t('apiDocs.tryIt')}</Button>}
          title={t('apiDocs.confirmTitle', { call: `${operation.method} ${operation.path}` })}
          description={t('apiDocs.confirmExplain')}
          confirmLabel={t('apiDocs.send')}
          cancelLabel={t('common.cancel')}
          action={call}
          errorMessage={(error) => t('apiDocs.sendFailed', { reason: String(error) })}
          open={confirming}
          onOpenChange={setConfirming}
        />
      )}
      {call.isError && !confirming && (
        <p role="alert" className="text-sm text-destructive">
          {t('apiDocs.sendFailed', { reason: String(call.error) })}
        </p>
      )}
      {call.data && (
        <div className="space-y-1" aria-live="polite">
          <p className="text-sm font-medium">{t('apiDocs.answer', { status: call.data.status })}</p>
          <CodeBlock text={call.data.body} />
        </div>
      )}
    </div>
  );
}

export function CodeBlock({ text }: { text: string }) {
  return (
    <pre
      // A long line scrolls inside the block, never the page; focusable so keyboards can scroll it.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs"
    >
      {text}
    </pre>
  );
}
