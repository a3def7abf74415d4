/**
 * The API-key feature's events, read back through the owner's security events: creating, changing,
 * rotating and deleting a key, and a use refused for the key's own state. None holds the key, its hash or a
 * part of it (the test server's secrets scan fails the suite otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { hashKey } from '../api-key/key-format.ts';
import { createKey, person, startKeyServer, withKey } from '../api-key/test-kit.ts';
import { coverageCheck, eventReads } from './test-kit.ts';

const OWN = '/security/events';

describe.each(testDialects())('API-key events (%s)', (dialect) => {
  let server: TestServer;
  const events = eventReads(dialect);
  beforeAll(async () => {
    server = await startKeyServer(dialect);
  });
  afterAll(() => server.close());

  it('records created, updated, deleted and refused, naming the key by id only', async () => {
    const owner = await person(server, 'keys');
    const created = await createKey(owner, { name: 'ci' });
    await owner.client.post('/api-key/update', { keyId: created.id, enabled: false });
    expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(401);
    await owner.client.post('/api-key/delete', { keyId: created.id });
    const expected = { target: { type: 'apiKey', id: created.id } };
    const made = await events.latest(owner.client, OWN, 'api_key.created');
    expect(made).toMatchObject({ ...expected, actor: { id: owner.id }, metadata: { keyId: created.id } });
    expect(await events.latest(owner.client, OWN, 'api_key.updated')).toMatchObject({
      ...expected,
      metadata: { fields: ['enabled'] },
    });
    expect(await events.latest(owner.client, OWN, 'api_key.refused')).toMatchObject({
      ...expected,
      outcome: 'failure',
      errorCode: 'KEY_DISABLED',
    });
    const deleted = await events.latest(owner.client, OWN, 'api_key.deleted');
    expect(deleted).toMatchObject(expected);
    const text = JSON.stringify([made, deleted]);
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(hashKey(created.key));
  });

  it('records a rotation, naming the key by id and neither secret', async () => {
    const owner = await person(server, 'rotates');
    const created = await createKey(owner);
    const response = await owner.client.post('/api-key/rotate', { keyId: created.id });
    const { key } = (await response.json()) as { key: string };
    const rotated = await events.latest(owner.client, OWN, 'api_key.rotated');
    expect(rotated).toMatchObject({
      target: { type: 'apiKey', id: created.id },
      actor: { id: owner.id },
      metadata: { keyId: created.id, configId: 'default' },
    });
    const text = JSON.stringify(rotated);
    for (const secret of [created.key, key, hashKey(created.key), hashKey(key)])
      expect(text).not.toContain(secret);
  });
});

coverageCheck(import.meta.url);
