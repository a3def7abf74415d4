/**
 * Retention through the engine: the background timer prunes events past `audit.retentionDays` on
 * the engine's clock, `retentionDays: 0` keeps every event however old, and stopping the timer
 * (`auth.audit.stopRetention()`, which the test server's and the product's close call) stops the
 * pruning. The timer is watched through the DELETE statements the engine sends.
 */
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../create-auth.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { TEST_SECRET } from '../../testing/test-server.ts';
import { insertVerification } from '../../user/verification.repository.ts';
import type { AuditOptions } from './audit-options.ts';

const DAY_MS = 86_400_000;
/** The background prune's period in these tests: 40 ms. */
const INTERVAL_SECONDS = 0.04;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('retention through the engine (%s)', (dialect) => {
  let database: AuthDatabase | undefined;
  let auth: Auth | undefined;
  let time = Date.now();
  const deletes = { count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'DeleteQueryNode' && JSON.stringify(node).includes('"name":"auditEvent"'))
        deletes.count++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };

  async function engine(audit: AuditOptions) {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    time = Date.now();
    deletes.count = 0;
    auth = createAuth({
      secret: TEST_SECRET,
      baseURL: 'http://localhost:3000',
      database: { ...database, db: database.db.withPlugin(plugin) },
      rateLimit: { enabled: false },
      now: () => time,
      audit,
    });
    // One real event (sign-up records two: user.signed_up and session.created), at the engine's now.
    await auth.api.signUpEmail({
      body: { name: 'Kept', email: 'kept@example.com', password: 'correct horse battery' },
    });
    return auth;
  }
  const count = async () =>
    (await (database as AuthDatabase).db.selectFrom('auditEvent').select('id').execute()).length;
  afterEach(async () => {
    await auth?.audit.stopRetention();
    await database?.close();
    auth = undefined;
    database = undefined;
  });

  it('the background timer prunes what the clock has aged past the retention, and stops when told', async () => {
    const started = await engine({ retentionDays: 1, pruneIntervalSeconds: INTERVAL_SECONDS });
    expect(await count()).toBe(2);
    // The timer runs, but nothing is old yet.
    await expect.poll(() => deletes.count).toBeGreaterThan(1);
    expect(await count()).toBe(2);
    // A day and a bit later on the engine's clock, the next prune removes both.
    time += DAY_MS + 1000;
    await expect.poll(count).toBe(0);

    await started.audit.stopRetention();
    await sleep(INTERVAL_SECONDS * 1000 * 2);
    const after = deletes.count;
    await started.api.signUpEmail({
      body: { name: 'Later', email: 'later@example.com', password: 'correct horse battery' },
    });
    time += 2 * DAY_MS;
    await sleep(INTERVAL_SECONDS * 1000 * 5);
    expect(deletes.count).toBe(after);
    expect(await count()).toBe(2);
    // On demand it still prunes.
    expect(await started.audit.prune()).toBe(2);
  });

  it('retentionDays 0 keeps every event, however old, on the timer and on demand', async () => {
    const forever = await engine({ retentionDays: 0, pruneIntervalSeconds: INTERVAL_SECONDS });
    time += 10 * 365 * DAY_MS;
    await sleep(INTERVAL_SECONDS * 1000 * 5);
    expect(await forever.audit.prune()).toBe(0);
    expect(deletes.count).toBe(0);
    expect(await count()).toBe(2);
  });

  it('the same tick deletes expired verification values and keeps live ones, also when events are kept forever', async () => {
    const forever = await engine({ retentionDays: 0, pruneIntervalSeconds: INTERVAL_SECONDS });
    const db = (database as AuthDatabase).db;
    // Sign-up left no verification row (no mailer); these two are the table's whole content.
    await insertVerification(db, 'expired-link', 'u1', new Date(time + 60_000), time);
    await insertVerification(db, 'live-link', 'u2', new Date(time + DAY_MS), time);
    const identifiers = async () =>
      (await db.selectFrom('verification').select('identifier').orderBy('identifier').execute()).map(
        (row) => row.identifier,
      );
    expect(await identifiers()).toEqual(['expired-link', 'live-link']);
    time += 120_000;
    await expect.poll(identifiers).toEqual(['live-link']);
    await forever.audit.stopRetention();
  });
});
