import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { claimsOf, localKeySet, signedIn, startJwtServer, tokenOf } from './jwt-test-kit.ts';

describe.each(testDialects())('the set-auth-jwt header on get-session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startJwtServer(dialect);
  });
  afterAll(() => server.close());

  it('a session answer carries the JWT and exposes the header to browser code', async () => {
    const { client, user } = await signedIn(server);
    const response = await client.get('/get-session');
    const body = await response.json();
    expect(body.user.id).toBe(user.id);
    const token = response.headers.get('set-auth-jwt');
    expect(token).toBeTruthy();
    expect(response.headers.get('access-control-expose-headers')).toBe('set-auth-jwt');
    const { payload } = await jwtVerify(present(token), await localKeySet(client), {
      issuer: server.url,
      audience: server.url,
      currentDate: new Date(server.clock.now()),
    });
    expect(payload).toMatchObject({ sub: user.id, email: body.user.email, name: body.user.name });
  });

  it('the header is there whether the cookie cache or the database answered', async () => {
    const { client, user } = await signedIn(server);
    const fromDatabase = await client.get('/get-session?disableCookieCache=true');
    expect(claimsOf(present(fromDatabase.headers.get('set-auth-jwt'))).sub).toBe(user.id);
    await server.database.db.deleteFrom('session').where('userId', '=', user.id).execute();
    const fromCache = await client.get('/get-session');
    expect((await fromCache.json()).user.id).toBe(user.id);
    expect(claimsOf(present(fromCache.headers.get('set-auth-jwt'))).sub).toBe(user.id);
  });

  it('reuses a token for a minute, then mints a fresh one; a profile change mints at once', async () => {
    const { client } = await signedIn(server, 'reuse');
    const first = (await client.get('/get-session')).headers.get('set-auth-jwt');
    server.clock.advance(30);
    expect((await client.get('/get-session')).headers.get('set-auth-jwt')).toBe(first);
    server.clock.advance(31);
    const later = (await client.get('/get-session')).headers.get('set-auth-jwt');
    expect(later).not.toBe(first);
    await client.post('/update-user', { name: 'Renamed' });
    const renamed = (await client.get('/get-session')).headers.get('set-auth-jwt');
    expect(renamed).not.toBe(later);
    expect(claimsOf(present(renamed)).name).toBe('Renamed');
  });

  it('no session, no header', async () => {
    const response = await server.client().get('/get-session');
    expect(await response.json()).toBeNull();
    expect(response.headers.get('set-auth-jwt')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('other routes do not carry it', async () => {
    const { client } = await signedIn(server);
    const response = await client.get('/list-sessions');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-auth-jwt')).toBeNull();
  });
});

describe('the set-auth-jwt header switched off', () => {
  it('is absent when the feature is off', async () => {
    const server = await startTestServer('sqlite');
    try {
      const { client } = await signedIn(server);
      const response = await client.get('/get-session');
      expect((await response.json()).user).toBeTruthy();
      expect(response.headers.get('set-auth-jwt')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('is absent with disableSettingJwtHeader, while /token still works', async () => {
    const server = await startJwtServer('sqlite', { disableSettingJwtHeader: true });
    try {
      const { client, user } = await signedIn(server);
      const response = await client.get('/get-session');
      expect((await response.json()).user.id).toBe(user.id);
      expect(response.headers.get('set-auth-jwt')).toBeNull();
      expect(claimsOf(await tokenOf(client)).sub).toBe(user.id);
    } finally {
      await server.close();
    }
  });
});
