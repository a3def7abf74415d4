import { Badge } from '../../components/ui/badge.tsx';
import { useTranslation } from '../../i18n/language.ts';
import { canTry, type JsonSchema, type Operation } from './openapi-operations.ts';
import { exampleOf } from './schema-example.ts';
import { CodeBlock, TryIt } from './try-it.tsx';

const json = (value: unknown) => JSON.stringify(value, null, 2);

const METHOD_TONES: Record<string, 'info' | 'success' | 'warning'> = { GET: 'success', POST: 'info' };

/** One operation: what it takes, what it answers, how it refuses; deep-linkable by its id. */
export function OperationCard({ operation }: { operation: Operation }) {
  const { t } = useTranslation();
  const requestExample = operation.requestSchema ? json(exampleOf(operation.requestSchema)) : undefined;
  return (
    <article
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="min-w-0 scroll-mt-4 space-y-3 rounded-lg border border-border bg-card p-4"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <Badge tone={METHOD_TONES[operation.method] ?? 'warning'}>{operation.method}</Badge>
        <a href={`#${operation.id}`} className="break-all hover:underline">
          {operation.path}
        </a>
        {operation.session !== 'none' && (
          <Badge>
            {t(operation.session === 'required' ? 'apiDocs.sessionRequired' : 'apiDocs.sessionOptional')}
          </Badge>
        )}
      </h3>
      {operation.summary && <p className="text-sm">{operation.summary}</p>}
      {operation.description && <p className="text-sm text-muted-foreground">{operation.description}</p>}
      {operation.parameters.length > 0 && (
        <section className="space-y-1">
          <h4 className="text-sm font-medium">{t('apiDocs.parameters')}</h4>
          <ul className="space-y-1 text-sm">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`} className="break-words">
                <code className="font-mono">{parameter.name}</code>{' '}
                <span className="text-muted-foreground">
                  ({parameter.in}, {typeName(parameter.schema)}
                  {parameter.required ? `, ${t('apiDocs.required')}` : ''})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {operation.requestSchema && requestExample && (
        <SchemaSection
          title={t('apiDocs.requestBody')}
          schema={operation.requestSchema}
          example={requestExample}
        />
      )}
      {operation.responseSchema && Object.keys(operation.responseSchema).length > 0 && (
        <SchemaSection
          title={t('apiDocs.response')}
          schema={operation.responseSchema}
          example={json(exampleOf(operation.responseSchema))}
        />
      )}
      {operation.refusals.length > 0 && (
        <section className="space-y-1">
          <h4 className="text-sm font-medium">{t('apiDocs.refusals')}</h4>
          <ul className="space-y-1 text-sm">
            {operation.refusals.map((refusal) => (
              <li key={refusal.status} className="break-words">
                <span className="font-mono font-medium">{refusal.status}</span>{' '}
                <span className="font-mono text-xs text-muted-foreground">{refusal.codes.join(', ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {canTry(operation) && <TryIt operation={operation} example={requestExample} />}
    </article>
  );
}

function SchemaSection({ title, schema, example }: { title: string; schema: JsonSchema; example: string }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-1">
      <h4 className="text-sm font-medium">{title}</h4>
      <p className="text-xs text-muted-foreground">{t('apiDocs.example')}</p>
      <CodeBlock text={example} />
      <details>
        <summary className="cursor-pointer text-xs text-muted-foreground">{t('apiDocs.schema')}</summary>
        <CodeBlock text={json(schema)} />
      </details>
    </section>
  );
}

const typeName = (schema: JsonSchema | undefined): string => {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  return [schema.type ?? 'any'].flat().join(' | ');
};
