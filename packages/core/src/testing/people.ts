/**
 * People for feature tests over HTTP: signed up with their own cookie jar, made admins, owning and
 * joining organizations (the organization and admin features must be on where those are used).
 */
import { expect } from 'vitest';
import { snapshotDatabase } from './database-snapshot.ts';
import { errorOf, type TestClient, type TestServer } from './test-server.ts';

export const BODY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
export const QUERY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
export const UNAUTHORIZED = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

let sequence = 0;

export interface Person {
  id: string;
  email: string;
  client: TestClient;
}

export async function person(server: TestServer, label = 'user'): Promise<Person> {
  sequence += 1;
  const client = server.client();
  const email = `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { user } = await client.signUp(email, undefined, label);
  return { id: user.id, email, client };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
export async function json(response: Response): Promise<any> {
  return response.json();
}

/**
 * Gives a person the admin role, as the admin console would (the admin feature must be on), and
 * signs them in again so no cookie-cached session still holds the old role.
 */
export async function makeAdmin(server: TestServer, who: Person): Promise<void> {
  await server.database.db
    .updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', who.id)
    .execute();
  await who.client.signIn(who.email);
}

export async function createOrg(owner: Person): Promise<{ id: string }> {
  sequence += 1;
  const response = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: `acme-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

/** Adds a member with a role, as the app's server code would. */
export async function addToOrg(server: TestServer, organizationId: string, who: Person, role: string) {
  await server.auth.api.addMember({ body: { userId: who.id, organizationId, role } });
}

/**
 * Every bad body is refused with 400 VALIDATION_ERROR, malformed JSON with 400, a body over the
 * 64 KiB limit with 413 (in `field`), and none of them changes a row. `send` posts raw JSON text.
 */
export async function expectBadBodiesRefused(
  server: TestServer,
  send: (text: string) => Promise<Response>,
  bodies: unknown[],
  field: string,
): Promise<void> {
  const before = await snapshotDatabase(server.database);
  for (const body of bodies)
    expect(await errorOf(await send(JSON.stringify(body))), JSON.stringify(body)).toEqual(BODY_INVALID);
  expect((await send(`{"${field}":`)).status).toBe(400);
  expect((await send('[1]')).status).toBe(400);
  expect(await errorOf(await send(JSON.stringify({ [field]: 'x'.repeat(70_000) })))).toMatchObject({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  });
  expect(await snapshotDatabase(server.database)).toBe(before);
}
