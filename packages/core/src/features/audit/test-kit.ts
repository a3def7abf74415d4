import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AuditEventType } from '../../audit-event.ts';
import type { Dialect } from '../../db/schema.ts';
import { AUDIT_EVENT_TYPES } from '../../event-types.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { TestClient, TestServer } from '../../testing/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: events are read as the routes answer them.
type Json = any;

/**
 * Which test file proves which event types. Each file performs the actions and reads the events
 * back through the routes on every dialect, and its last test fails unless every type listed for
 * it was answered by a route (`coverageCheck`); `event-types.test.ts` checks that the lists cover
 * the whole model, each type once.
 */
export const EVENT_COVERAGE = {
  'api-key-events.test.ts': [
    'api_key.created',
    'api_key.updated',
    'api_key.deleted',
    'api_key.refused',
    'api_key.rotated',
  ],
  'webhook-events.test.ts': [
    'webhook.endpoint_created',
    'webhook.endpoint_updated',
    'webhook.endpoint_deleted',
    'webhook.secret_rotated',
    'webhook.redelivery_requested',
    'webhook.test_sent',
    'webhook.endpoint_failing',
    'webhook.endpoint_recovered',
  ],
  'sign-in-events.test.ts': [
    'user.signed_up',
    'user.signed_in',
    'user.sign_in_failed',
    'user.two_factor_challenged',
    'user.two_factor_verified',
    'user.two_factor_failed',
    'user.backup_code_used',
    'user.trusted_device_added',
    'session.created',
    'account.linked',
  ],
  'impersonation-events.test.ts': [
    'user.signed_out',
    'admin.impersonation_started',
    'admin.impersonation_stopped',
    'user.password_changed',
    'user.profile_updated',
  ],
  'refusal-events.test.ts': [
    'rate_limit.exceeded',
    'user.reauthenticated',
    'user.password_reset_requested',
    'user.password_reset_completed',
    'user.totp_uri_read',
    'account.tokens_read',
    'account.unlinked',
  ],
  'event-types.test.ts': [
    'user.locked_out',
    'user.two_factor_enabled',
    'user.two_factor_disabled',
    'user.backup_codes_generated',
    'user.trusted_devices_revoked',
    'user.passkey_registered',
    'user.passkey_renamed',
    'user.passkey_deleted',
    'user.passkey_sign_in_failed',
    'user.email_verification_sent',
    'user.email_verified',
    'user.email_change_requested',
    'user.email_changed',
    'user.deletion_requested',
    'user.deleted',
    'session.revoked',
    'session.revoked_all',
    'session.refreshed',
    // The admin's actions on users: impersonation and the export are proved elsewhere.
    ...AUDIT_EVENT_TYPES.filter(
      (type) =>
        type.startsWith('admin.') &&
        !type.startsWith('admin.impersonation_') &&
        type !== 'admin.audit_exported' &&
        type !== 'admin.users_imported',
    ),
  ],
  'import-events.test.ts': ['admin.users_imported'],
  // Every organization change; the export is proved with the routes' own tests.
  'organization-events.test.ts': AUDIT_EVENT_TYPES.filter(
    (type) => type.startsWith('organization.') && type !== 'organization.audit_exported',
  ),
  'audit.test.ts': ['organization.audit_exported', 'admin.audit_exported'],
} satisfies Record<string, readonly AuditEventType[]>;

type CoveredFile = keyof typeof EVENT_COVERAGE;

/** The routes that answer events: only what they answer counts as read back. */
const EVENT_ROUTES = ['/security/events', '/organization/events', '/admin/events'];

/** Types each dialect's routes answered in this test file (each file runs in its own module scope). */
const seen = new Map<Dialect, Set<string>>();

export interface EventReads {
  /** The newest event of `type` that `path` answers `client`; fails unless there is one. */
  latest(client: TestClient, path: string, type: AuditEventType): Promise<Json>;
  /** The first page of `type`'s events at `path`, newest first (maybe none). */
  all(client: TestClient, path: string, type: AuditEventType, limit?: number): Promise<Json[]>;
}

/**
 * Reads events through the routes for one dialect's server, recording each type a route answered:
 * the evidence `coverageCheck` asks for. A type is recorded only from a 200 answer of one of the
 * three event routes, so neither a fixture nor a name in a test's text can stand in for it.
 */
export function eventReads(dialect: Dialect): EventReads {
  const read = async (client: TestClient, path: string, type: AuditEventType, limit: number) => {
    if (!EVENT_ROUTES.some((route) => path === route || path.startsWith(`${route}?`)))
      throw new Error(`${path} is not an event route`);
    const separator = path.includes('?') ? '&' : '?';
    const response = await client.get(`${path}${separator}type=${type}&limit=${limit}`);
    expect(response.status, `${type} via ${path}`).toBe(200);
    const events = ((await response.json()) as { events: Json[] }).events;
    const types = seen.get(dialect) ?? new Set<string>();
    seen.set(dialect, types);
    for (const event of events) types.add(event.type);
    return events;
  };
  return {
    async latest(client, path, type) {
      const [event, ...rest] = await read(client, path, type, 1);
      expect(rest, `${type} via ${path}`).toEqual([]);
      expect(event?.type, `${type} via ${path}`).toBe(type);
      return event;
    },
    all: (client, path, type, limit = 50) => read(client, path, type, limit),
  };
}

/**
 * The file's last test: every type `EVENT_COVERAGE` lists for the file was answered by a route on
 * every dialect. Call it at the end of the file, after the suites that read the events.
 */
export function coverageCheck(fileURL: string): void {
  const file = basename(fileURLToPath(fileURL)) as CoveredFile;
  const types: readonly string[] = EVENT_COVERAGE[file];
  if (!types) throw new Error(`${file} is not listed in EVENT_COVERAGE`);
  describe('coverage of the event model', () => {
    it(`${file} read back each of its ${types.length} event types through the routes, on every dialect`, () => {
      for (const dialect of testDialects()) {
        const answered = seen.get(dialect) ?? new Set();
        expect(
          types.filter((type) => !answered.has(type)),
          dialect,
        ).toEqual([]);
      }
    });
  });
}

/** A new user of `server` made an admin and signed in again, so the session carries the role. */
export async function signedInAdmin(
  server: TestServer,
  address: string,
): Promise<{ client: TestClient; userId: string }> {
  const client = server.client();
  const { user } = await client.signUp(address);
  await server.database.db
    .updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', user.id)
    .execute();
  await client.signIn(address);
  return { client, userId: user.id };
}
