import { parseArgs } from 'node:util';
import { listWebhookEndpoints, replayFailedWebhooks } from '@gatehouse/core';
import { UsageError } from './usage-error.ts';
import { print } from './user-commands.ts';
import { withDatabase } from './with-database.ts';

const OPTIONS = {
  json: { type: 'boolean' },
  since: { type: 'string' },
  endpoint: { type: 'string' },
} as const;

/** An ISO-8601 time with a date and a time of day, e.g. 2026-12-01T00:00:00Z; else a usage error. */
function isoTime(raw: string | undefined): Date {
  if (raw === undefined || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) throw new UsageError();
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw new UsageError();
  return at;
}

/** `webhooks list` and `webhooks replay --since TIME [--endpoint ID]`; resolves to the exit code. */
export async function webhooksCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const json = values.json === true;
  const action = positionals.join(' ');
  if (action === 'list' && values.since === undefined && values.endpoint === undefined) {
    const endpoints = await withDatabase(listWebhookEndpoints);
    print(json, endpoints, (list) =>
      list
        .map((e) =>
          [
            e.id,
            e.scope,
            e.url,
            e.enabled ? 'enabled' : 'disabled',
            ...(e.failing ? ['failing'] : []),
            `last: ${e.lastDeliveryStatus ?? 'none'}`,
          ].join('  '),
        )
        .join('\n'),
    );
    return 0;
  }
  if (action === 'replay') {
    const since = isoTime(values.since);
    const replayed = await withDatabase((database) =>
      replayFailedWebhooks(database, { since, endpointId: values.endpoint, now: Date.now() }),
    );
    print(
      json,
      { replayed, since: since.toISOString() },
      (r) => `${r.replayed} failed delivery(ies) sent again`,
    );
    return 0;
  }
  throw new UsageError();
}
