/**
 * Shared set-up for the organization feature's tests: a server with organizations, teams and
 * custom roles on, users signed up over HTTP, and helpers for the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { insertMember } from './members/member.repository.ts';
import type { OrganizationOptions } from './organization-config.ts';

let sequence = 0;

/** A fresh address each call, so tests sharing a server never collide. */
export function freshEmail(label = 'user'): string {
  sequence += 1;
  return `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function freshSlug(label = 'org'): string {
  sequence += 1;
  return `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

export function startOrgServer(
  dialect: Dialect,
  organization: Omit<OrganizationOptions, 'enabled'> = {},
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now' | 'organization'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, {
    ...extra,
    organization: {
      enabled: true,
      teams: { enabled: true },
      dynamicAccessControl: { enabled: true },
      ...organization,
    },
  });
}

export interface Person {
  id: string;
  email: string;
  client: TestClient;
}

/** Signs up a new person in a browser of their own. */
export async function person(server: TestServer, label = 'user'): Promise<Person> {
  const client = server.client();
  const email = freshEmail(label);
  const { user } = await client.signUp(email, undefined, label);
  return { id: user.id, email, client };
}

/** Creates an organization as `owner`; returns its JSON. */
export async function createOrg(owner: Person, extra: Record<string, unknown> = {}) {
  const response = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: freshSlug(),
    ...extra,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; slug: string; name: string; members: { id: string }[] };
}

/** Puts a person into an organization with a role, straight through the database. */
export async function addMember(server: TestServer, organizationId: string, who: Person, role: string) {
  const id = `m${Math.random().toString(36).slice(2, 14)}`.padEnd(32, '0');
  await insertMember(server.database.db, {
    id,
    organizationId,
    userId: who.id,
    role,
    createdAt: new Date(server.clock.now()).toISOString(),
  });
  return id;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
export async function json(response: Response): Promise<any> {
  return await response.json();
}

/** Every organization-feature row, as text: equal snapshots mean nothing was written. */
export async function orgSnapshot(server: TestServer): Promise<string> {
  const { db } = server.database;
  const tables = ['organization', 'member', 'invitation', 'team', 'teamMember', 'organizationRole'] as const;
  const rows = await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().orderBy('id').execute()));
  return JSON.stringify(rows);
}

export async function sessionActive(client: TestClient) {
  const response = await client.get('/get-session?disableCookieCache=true');
  const body = (await response.json()) as {
    session: { activeOrganizationId: string | null; activeTeamId: string | null };
  };
  return body.session;
}
