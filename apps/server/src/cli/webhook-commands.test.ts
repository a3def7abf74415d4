import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuthDatabase, connectDatabase, migrateDatabase } from '@gatehouse/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestSchema, type TestSchema } from '../testing/test-schema.ts';
import { UsageError } from './usage-error.ts';
import { webhooksCommand } from './webhook-commands.ts';

const databaseURL = process.env.TEST_DATABASE_URL;
const dialects = databaseURL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const HOUR = 3_600_000;

/**
 * `gatehouse webhooks list` and `webhooks replay` (docs/operations.md#operator-cli) on the database the
 * configuration names, as the server's own tables hold them.
 */
describe.each(dialects)('webhooks list and replay (%s)', (dialect) => {
  let dir: string;
  let schema: TestSchema | undefined;
  let database: AuthDatabase;
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-webhooks-'));
    if (dialect === 'postgres') schema = await createTestSchema(databaseURL ?? '');
    const url = schema?.url ?? join(dir, 'gatehouse.sqlite');
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('DATA_DIR', dir);
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('BASE_URL', 'http://localhost:3000');
    database = connectDatabase(url);
    await migrateDatabase(database);
    const endpoint = (
      id: string,
      organizationId: string | null,
      enabled: number,
      failing: number,
      ms: number,
    ) => ({
      id,
      url: `https://hooks.example.com/${id}`,
      events: JSON.stringify(['*']),
      organizationId,
      description: null,
      enabled,
      enabledAt: at(ms),
      failing,
      secret: 'sealed',
      previousSecret: null,
      previousSecretUntil: null,
      consecutiveFailures: failing ? 3 : 0,
      createdBy: null,
      createdAt: at(ms),
      updatedAt: at(ms),
    });
    await database.db
      .insertInto('webhookEndpoint')
      .values([
        endpoint('ep-server', null, 1, 1, -3 * HOUR),
        endpoint('ep-org', 'org-1', 1, 0, -2 * HOUR),
        endpoint('ep-off', null, 0, 0, -HOUR),
      ] as never)
      .execute();
    const delivery = (
      id: string,
      endpointId: string,
      status: string,
      ms: number,
      redeliveryOf: string | null = null,
    ) => ({
      id,
      endpointId,
      eventId: null,
      eventType: 'webhook.test',
      webhookId: `msg_${id}`,
      body: `{"n":"${id}"}`,
      attempt: 8,
      status,
      responseStatus: 500,
      durationMs: 5,
      nextAttemptAt: null,
      leaseUntil: null,
      createdAt: at(ms),
      redeliveryOf,
    });
    await database.db
      .insertInto('webhookDelivery')
      .values([
        delivery('old-failed', 'ep-server', 'failed', -2 * HOUR),
        delivery('new-failed', 'ep-server', 'failed', -30 * 60_000),
        delivery('org-failed', 'ep-org', 'failed', -20 * 60_000),
        delivery('org-ok', 'ep-org', 'succeeded', -10 * 60_000),
        delivery('off-failed', 'ep-off', 'failed', -10 * 60_000),
        delivery('done-failed', 'ep-server', 'failed', -15 * 60_000),
        delivery('done-again', 'ep-server', 'succeeded', -5 * 60_000, 'done-failed'),
      ] as never)
      .execute();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await database.close();
    vi.unstubAllEnvs();
    await schema?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const printed = async (args: string[]) => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await webhooksCommand(args)).toBe(0);
    return out.mock.calls.map((call) => String(call[0])).join('\n');
  };

  it('lists every endpoint with its scope, state and newest delivery status, never a secret', async () => {
    const text = await printed(['list']);
    expect(text.split('\n')).toEqual([
      'ep-server  server  https://hooks.example.com/ep-server  enabled  failing  last: succeeded',
      'ep-org  org-1  https://hooks.example.com/ep-org  enabled  last: succeeded',
      'ep-off  server  https://hooks.example.com/ep-off  disabled  last: failed',
    ]);
    const json = JSON.parse(await printed(['list', '--json']));
    expect(json[1]).toEqual({
      id: 'ep-org',
      scope: 'org-1',
      url: 'https://hooks.example.com/ep-org',
      enabled: true,
      failing: false,
      lastDeliveryStatus: 'succeeded',
    });
    expect(JSON.stringify(json)).not.toContain('sealed');
  });

  it('replays the failed deliveries since the time on enabled endpoints, once each, as redeliveries', async () => {
    const since = at(-HOUR);
    expect(await printed(['replay', '--since', since, '--endpoint', 'ep-org'])).toBe(
      '1 failed delivery(ies) sent again',
    );
    expect(JSON.parse(await printed(['replay', '--since', since, '--json']))).toEqual({ replayed: 1, since });
    // Each has its redelivery now: nothing more to send.
    expect(await printed(['replay', '--since', since])).toBe('0 failed delivery(ies) sent again');
    const made = await database.db
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('redeliveryOf', 'in', ['new-failed', 'org-failed', 'old-failed', 'off-failed'])
      .orderBy('redeliveryOf')
      .execute();
    expect(made.map((row) => [row.redeliveryOf, row.status, row.attempt, row.webhookId, row.body])).toEqual([
      ['new-failed', 'pending', 0, 'msg_new-failed', '{"n":"new-failed"}'],
      ['org-failed', 'pending', 0, 'msg_org-failed', '{"n":"org-failed"}'],
    ]);
  });

  it('refuses a replay without a valid --since, and unknown actions', async () => {
    for (const args of [
      ['replay'],
      ['replay', '--since', 'yesterday'],
      ['replay', '--since', '2026-13-45T00:00'],
      ['purge'],
    ])
      await expect(webhooksCommand(args), args.join(' ')).rejects.toThrow(UsageError);
  });
});
