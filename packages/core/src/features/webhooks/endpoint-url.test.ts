import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  createEndpoint,
  makeAdmin,
  type Person,
  person,
  QUIET_EVENTS,
  startWebhookServer,
} from './test-kit.ts';

const INVALID = { status: 400, code: 'INVALID_WEBHOOK_URL', message: 'Invalid webhook URL' };
const NOT_HTTPS = { status: 400, code: 'WEBHOOK_URL_NOT_HTTPS', message: 'Webhook URL must use https' };
const PRIVATE = {
  status: 400,
  code: 'WEBHOOK_URL_PRIVATE_ADDRESS',
  message: 'Webhook URL must not point to a private, loopback or link-local address',
};

describe.each(testDialects())('endpoint URLs at create and update (%s)', (dialect) => {
  let strict: TestServer;
  let relaxed: TestServer;
  let strictAdmin: Person;
  let relaxedAdmin: Person;
  beforeAll(async () => {
    strict = await startWebhookServer(dialect, { webhooks: {} });
    relaxed = await startWebhookServer(dialect);
    strictAdmin = await person(strict, 'admin');
    await makeAdmin(strict, strictAdmin);
    relaxedAdmin = await person(relaxed, 'admin');
    await makeAdmin(relaxed, relaxedAdmin);
  });
  afterAll(async () => {
    await strict.close();
    await relaxed.close();
  });

  const create = (who: Person, url: string) =>
    who.client.post('/webhooks/create-endpoint', { url, events: QUIET_EVENTS });

  it('without the allow setting: https to a public host only, checked in the order of docs/protocol/webhooks.md#8-targets-ssrf-guard', async () => {
    const before = await snapshotDatabase(strict.database);
    const cases: [string, object][] = [
      ['not a url', INVALID],
      ['ftp://hooks.example.com/x', INVALID],
      ['https://user:pass@hooks.example.com/x', INVALID],
      ['https://hooks.example.com/x#part', INVALID],
      [`https://hooks.example.com/${'x'.repeat(2048)}`, INVALID],
      ['http://127.0.0.1/hook', PRIVATE],
      ['https://10.0.0.8/hook', PRIVATE],
      ['https://2130706433/hook', PRIVATE],
      ['https://[::ffff:127.0.0.1]/hook', PRIVATE],
      ['https://localhost/hook', PRIVATE],
      ['https://api.localhost/hook', PRIVATE],
      ['http://hooks.example.com/hook', NOT_HTTPS],
    ];
    for (const [url, expected] of cases)
      expect(await errorOf(await create(strictAdmin, url)), url).toEqual(expected);
    expect(await snapshotDatabase(strict.database)).toBe(before);
    expect((await create(strictAdmin, 'https://hooks.example.com/gatehouse')).status).toBe(200);
  });

  it('update checks a changed URL the same way', async () => {
    const { endpoint } = await createEndpoint(strictAdmin, { url: 'https://hooks.example.com/a' });
    expect(
      await errorOf(
        await strictAdmin.client.post('/webhooks/update-endpoint', {
          endpointId: endpoint.id,
          url: 'http://10.1.2.3/',
        }),
      ),
    ).toEqual(PRIVATE);
  });

  it('with the allow setting: http to private targets, but a public one still needs https', async () => {
    expect((await create(relaxedAdmin, 'http://127.0.0.1:8080/hook')).status).toBe(200);
    expect((await create(relaxedAdmin, 'http://192.168.1.20/hook')).status).toBe(200);
    expect(await errorOf(await create(relaxedAdmin, 'http://hooks.example.com/hook'))).toEqual(NOT_HTTPS);
  });
});
