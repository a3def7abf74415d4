import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('rate limiting while its shared store is unreachable', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      rateLimit: { enabled: true, storage: 'database', customRules: { '/ok': { window: 60, max: 3 } } },
    });
  });
  afterAll(() => server.close());

  it('counts in process memory instead of letting every request through', async () => {
    const client = server.client();
    expect((await client.get('/ok')).status).toBe(200);
    // The counters' database goes away (the store reads and writes through selectFirst).
    server.database.selectFirst = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.get('/ok')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
