import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpLocation } from '../../session/ip-location.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

// The engine's side of GEOIP: it asks the locator the host gives it. The locator here is a table
// standing in for the packaged database, whose real lookups apps/server/src/geoip.test.ts checks.
const PLACES: Record<string, IpLocation> = {
  '8.8.8.8': { countryCode: 'US', region: 'California', city: 'Mountain View' },
  '81.2.69.142': { countryCode: 'GB', region: 'England', city: 'London' },
};

describe.each(testDialects())('GET /session-locations (%s)', (dialect) => {
  let server: TestServer;
  const asked: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      advanced: { ipAddressHeaders: ['x-forwarded-for'] },
      locateIp: async (ip) => {
        asked.push(ip);
        if (ip === '203.0.113.9') throw new Error('database unreadable');
        return PLACES[ip] ?? null;
      },
    });
  });
  afterAll(() => server.close());

  let counter = 0;
  async function signInFrom(email: string, ip: string, client: TestClient = server.client()) {
    const response = await client.post(
      '/sign-in/email',
      { email, password: 'correct horse battery' },
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(response.status).toBe(200);
    return { client };
  }

  it('answers each session’s place by session id, looking each address up once', async () => {
    const email = `traveller${++counter}@example.com`;
    await server.client().signUp(email);
    const { client } = await signInFrom(email, '8.8.8.8');
    await signInFrom(email, '8.8.8.8');
    await signInFrom(email, '81.2.69.142');
    await signInFrom(email, '10.0.0.7');
    asked.length = 0;
    const response = await client.get('/session-locations');
    expect(response.status).toBe(200);
    const { locations } = (await response.json()) as { locations: Record<string, IpLocation | null> };
    const sessions = (await (await client.get('/list-sessions')).json()) as {
      id: string;
      ipAddress: string;
    }[];
    expect(Object.keys(locations).sort()).toEqual(sessions.map((s) => s.id).sort());
    for (const session of sessions) expect(locations[session.id]).toEqual(PLACES[session.ipAddress] ?? null);
    expect(asked.filter((ip) => ip === '8.8.8.8')).toHaveLength(1);
  });

  it('a failed lookup is an unknown place, not a failed answer', async () => {
    const email = `unlucky${++counter}@example.com`;
    await server.client().signUp(email);
    const { client } = await signInFrom(email, '203.0.113.9');
    const { locations } = await (await client.get('/session-locations')).json();
    expect(Object.values(locations)).toContain(null);
  });

  it('needs a session, and is 404 without a locator (GEOIP=off)', async () => {
    expect(await errorOf(await server.client().get('/session-locations'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    const off = await startTestServer(dialect);
    try {
      const client = off.client();
      await client.signUp('nowhere@example.com');
      expect(await errorOf(await client.get('/session-locations'))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
    } finally {
      await off.close();
    }
  });
});
