import { afterEach, describe, expect, it } from 'vitest';
import { newWebhookId, newWebhookSecret, signatureHeader } from '../features/webhooks/delivery/signature.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const BODY = JSON.stringify({
  type: 'webhook.test',
  timestamp: '2026-12-03T07:00:00.000Z',
  data: { id: 'e1' },
});

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

function deliver(url: string, secrets: readonly string[], body = BODY, signal?: AbortSignal) {
  const id = newWebhookId();
  const timestamp = Math.floor(Date.now() / 1000);
  return fetch(url, {
    method: 'POST',
    body,
    signal: signal ?? null,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, id, timestamp, body),
    },
  });
}

describe('startWebhookReceiver', () => {
  it('records a correctly signed delivery as verified, with its parsed body and headers', async () => {
    const secret = newWebhookSecret();
    receiver = await startWebhookReceiver({ secrets: secret });
    const answer = await deliver(receiver.url, [secret]);
    expect(answer.status).toBe(200);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery).toMatchObject({
      n: 1,
      path: '/webhook',
      verified: true,
      verificationError: null,
      rawBody: BODY,
    });
    expect(delivery?.body).toEqual(JSON.parse(BODY));
    expect(delivery?.headers['content-type']).toBe('application/json');
  });

  it('records a delivery signed with another secret as unverified instead of throwing', async () => {
    receiver = await startWebhookReceiver({ secrets: [newWebhookSecret()] });
    await deliver(receiver.url, [newWebhookSecret()]);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.verified).toBe(false);
    expect(delivery?.verificationError).toMatch(/signature/i);
  });

  it('verifies against the getter current at each delivery, so rotations can be followed', async () => {
    let secrets = [newWebhookSecret()];
    receiver = await startWebhookReceiver({ secrets: () => secrets });
    const old = secrets;
    await deliver(receiver.url, old);
    secrets = [newWebhookSecret()];
    await deliver(receiver.url, old);
    await deliver(receiver.url, [secrets[0] ?? '', ...old]);
    expect((await receiver.waitFor(3)).map((d) => d.verified)).toEqual([true, false, true]);
  });

  it('answers as told per delivery number, and can hang', async () => {
    const secret = newWebhookSecret();
    receiver = await startWebhookReceiver({
      secrets: secret,
      respond: (n) =>
        n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : n === 2 ? 'hang' : { status: 204 },
    });
    const first = await deliver(receiver.url, [secret]);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    await expect(deliver(receiver.url, [secret], BODY, AbortSignal.timeout(300))).rejects.toThrow();
    expect((await deliver(receiver.url, [secret])).status).toBe(204);
    expect(receiver.deliveries.map((d) => d.n)).toEqual([1, 2, 3]);
  });

  it('waitFor rejects when too few deliveries arrive in time', async () => {
    receiver = await startWebhookReceiver({ secrets: newWebhookSecret() });
    await expect(receiver.waitFor(1, 100)).rejects.toThrow(/0 of 1/);
  });
});
