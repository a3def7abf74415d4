import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { signedInUser, startAdminServer } from './test-kit.ts';

describe.each(testDialects())('GET /admin/list-user-memberships (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAdminServer(dialect, {}, { organization: { enabled: true } });
  });
  afterAll(() => server.close());

  it('answers the user’s organizations with their role and when they joined, oldest first', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    const user = await signedInUser(server);
    const create = async (name: string, slug: string) => {
      const response = await user.client.post('/organization/create', { name, slug, logo: null });
      expect(response.status).toBe(200);
      return (await response.json()) as { id: string; members: { id: string }[] };
    };
    const first = await create('First', `first-${user.id.toLowerCase()}`);
    server.clock.advance(60);
    const second = await create('Second', `second-${user.id.toLowerCase()}`);

    const response = await admin.client.get(`/admin/list-user-memberships?userId=${user.id}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual([
      {
        memberId: first.members[0]?.id,
        role: 'owner',
        joinedAt: expect.any(String),
        organization: { id: first.id, name: 'First', slug: `first-${user.id.toLowerCase()}`, logo: null },
      },
      {
        memberId: second.members[0]?.id,
        role: 'owner',
        joinedAt: expect.any(String),
        organization: { id: second.id, name: 'Second', slug: `second-${user.id.toLowerCase()}`, logo: null },
      },
    ]);
    expect(Date.parse(body[1].joinedAt) - Date.parse(body[0].joinedAt)).toBe(60_000);
    expect(await (await admin.client.get(`/admin/list-user-memberships?userId=${admin.id}`)).json()).toEqual(
      [],
    );
  });

  it('refuses: 401 without a session, 403 without the permission, 404 unknown user, 400 bad query', async () => {
    const user = await signedInUser(server);
    const admin = await signedInUser(server, { role: 'admin' });
    expect(
      await errorOf(await server.client().get(`/admin/list-user-memberships?userId=${user.id}`)),
    ).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(await errorOf(await user.client.get(`/admin/list-user-memberships?userId=${admin.id}`))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
      message: 'You are not allowed to get user',
    });
    expect(await errorOf(await admin.client.get('/admin/list-user-memberships?userId=nobody'))).toEqual({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    for (const query of ['', '?userId=', `?userId=${'x'.repeat(257)}`, '?userId=a%00b']) {
      const response = await admin.client.get(`/admin/list-user-memberships${query}`);
      expect({ query, ...(await errorOf(response)) }).toMatchObject({ query, status: 400 });
    }
  });

  it('is 404 when organizations are off', async () => {
    const off = await startAdminServer(dialect);
    try {
      const admin = await signedInUser(off, { role: 'admin' });
      expect(
        await errorOf(await admin.client.get(`/admin/list-user-memberships?userId=${admin.id}`)),
      ).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Not Found',
      });
    } finally {
      await off.close();
    }
  });
});
