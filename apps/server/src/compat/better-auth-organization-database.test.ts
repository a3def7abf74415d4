/**
 * Adopting a Better Auth database that already holds organizations: stock Better Auth with its
 * organization plugin (teams and dynamic access control on) creates the tables and an
 * organization; Gatehouse then serves the same file, keeping the members, teams and roles.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { organization } from 'better-auth/plugins';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const SECRET = 'shared-secret-between-better-auth-and-gatehouse';
const PASSWORD = 'correct horse battery staple';

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('serving a Better Auth database with organizations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ba-org-db-'));
  const file = join(dir, 'auth.sqlite');
  let baseURL: string;
  let server: RunningServer;
  let cookie: string;
  let orgId: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    const database = new Database(file);
    const options = {
      database,
      secret: SECRET,
      baseURL,
      emailAndPassword: { enabled: true },
      telemetry: { enabled: false },
      plugins: [organization({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } })],
    };
    await (await getMigrations(options)).runMigrations();
    const auth = betterAuth(options);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      auth.handler(
        new Request(`${baseURL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseURL, ...headers },
          body: JSON.stringify(body),
        }),
      );
    const signUp = await post('/sign-up/email', {
      name: 'Founder',
      email: 'founder@example.com',
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    cookie = cookieHeader(signUp);
    const created = await post(
      '/organization/create',
      { name: 'Legacy', slug: 'legacy', metadata: { a: 1 } },
      { cookie },
    );
    expect(created.status).toBe(200);
    orgId = ((await created.json()) as { id: string }).id;
    database.close();

    server = await startCheckedServer(
      loadConfig({
        PORT: String(port),
        BASE_URL: baseURL,
        DATA_DIR: dir,
        DATABASE_URL: file,
        AUTH_SECRET: SECRET,
      }),
      () => {},
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the organization, its owner, its default team and the active organization', async () => {
    const session = (await (
      await fetch(`${baseURL}/api/auth/get-session?disableCookieCache=true`, { headers: { cookie } })
    ).json()) as { session: { activeOrganizationId: string | null } };
    expect(session.session.activeOrganizationId).toBe(orgId);
    const full = (await (
      await fetch(`${baseURL}/api/auth/organization/get-full-organization`, { headers: { cookie } })
    ).json()) as { members: unknown; teams: unknown };
    expect(full).toMatchObject({ id: orgId, name: 'Legacy', slug: 'legacy', metadata: '{"a":1}' });
    expect(full.members).toMatchObject([{ role: 'owner', user: { email: 'founder@example.com' } }]);
    expect(full.teams).toMatchObject([{ name: 'Legacy', memberCount: 1 }]);
  });

  it('works on the adopted tables: invite, create a team and a role', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${baseURL}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL, cookie },
        body: JSON.stringify(body),
      });
    expect(
      (await post('/organization/invite-member', { email: 'new@example.com', role: 'admin' })).status,
    ).toBe(200);
    expect((await post('/organization/create-team', { name: 'Second' })).status).toBe(200);
    expect(
      (await post('/organization/create-role', { role: 'auditor', permission: { ac: ['read'] } })).status,
    ).toBe(200);
  });
});
