/**
 * A refused request changes nothing: set-active, get-organization and
 * get-full-organization refused for an unknown organization, or one the caller is not in, keep the
 * session's active organization and send no cookie (1.7 clears the active organization first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { createOrg, type Person, person, sessionActive, startOrgServer } from './test-kit.ts';

describe.each(testDialects())('refusals keep the active organization (%s)', (dialect) => {
  let server: TestServer;
  let caller: Person;
  let mine: { id: string };
  let theirs: { id: string; slug: string };
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    caller = await person(server, 'caller');
    theirs = await createOrg(await person(server, 'stranger'));
    mine = await createOrg(caller);
  });
  afterAll(() => server.close());

  it.each([
    ['set-active, an unknown id', 'POST', '/organization/set-active', { organizationId: 'no-such-org' }],
    ['set-active, an organization of others', 'POST', '/organization/set-active', 'theirs'],
    ['get-organization, an organization of others', 'GET', '/organization/get-organization', 'theirs'],
    [
      'get-full-organization, an organization of others',
      'GET',
      '/organization/get-full-organization',
      'theirs',
    ],
  ] as const)('%s: 403 and nothing changed', async (_, method, path, ask) => {
    expect((await sessionActive(caller.client)).activeOrganizationId).toBe(mine.id);
    const before = await snapshotDatabase(server.database);
    const body = ask === 'theirs' ? { organizationId: theirs.id } : ask;
    const response =
      method === 'POST'
        ? await caller.client.post(path, body)
        : await caller.client.get(`${path}?organizationId=${body.organizationId}`);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      message: 'User is not a member of the organization',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
    expect((await sessionActive(caller.client)).activeOrganizationId).toBe(mine.id);
  });
});
