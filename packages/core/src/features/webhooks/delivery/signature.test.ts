import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookId, newWebhookSecret, signatureHeader } from './signature.ts';

const BODY = JSON.stringify({
  type: 'user.signed_in',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { id: 'é' },
});

function headersFor(secrets: readonly string[], body = BODY) {
  const id = newWebhookId();
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
}

describe('webhook secrets and ids', () => {
  it('a secret is whsec_ + base64 of 32 bytes, different every time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('a message id is msg_ + URL-safe characters, different every time', () => {
    const id = newWebhookId();
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(newWebhookId()).not.toBe(id);
  });
});

describe('signatureHeader verifies with the reference Standard Webhooks verifier', () => {
  it('one secret', () => {
    const secret = newWebhookSecret();
    const headers = headersFor([secret]);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it('two secrets, newest first: a verifier holding either accepts, a third refuses', () => {
    const newer = newWebhookSecret();
    const older = newWebhookSecret();
    const headers = headersFor([newer, older]);
    const entries = headers['webhook-signature'].split(' ');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toBe(
      signatureHeader([newer], headers['webhook-id'], Number(headers['webhook-timestamp']), BODY),
    );
    expect(new Webhook(newer).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(older).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(newWebhookSecret()).verify(BODY, headers)).toThrow();
  });

  it('a tampered body, id or timestamp fails', () => {
    const secret = newWebhookSecret();
    const headers = headersFor([secret]);
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(BODY.replace('signed_in', 'signed_up'), headers)).toThrow();
    expect(() => verifier.verify(BODY, { ...headers, 'webhook-id': newWebhookId() })).toThrow();
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => verifier.verify(BODY, { ...headers, 'webhook-timestamp': later })).toThrow();
  });

  it('matches a value computed by hand from the signing formula', () => {
    // Key bytes 0..31; the expected value is HMAC-SHA256 over "msg_1.1700000000.{}" with that key.
    const secret = 'whsec_' + Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
    const expected = new Webhook(secret).sign('msg_1', new Date(1_700_000_000_000), '{}');
    expect(signatureHeader([secret], 'msg_1', 1_700_000_000, '{}')).toBe(expected);
  });
});
