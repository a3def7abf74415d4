import { Hono } from 'hono';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type MetricsAccess, metricsHandler } from './metrics-route.ts';

const TOKEN = 'a-metrics-token-of-some-length';

/** `/metrics` alone, asked from `remoteAddress` with the given headers. */
async function ask(access: MetricsAccess, remoteAddress: string, headers: Record<string, string> = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ instance: 'test' });
  const app = new Hono();
  app.get('/metrics', metricsHandler(registry, access));
  const env = { incoming: { socket: { remoteAddress } } } as never;
  return app.request('/metrics', { headers }, env);
}

const open: MetricsAccess = { token: undefined, ipAddressHeaders: [] };
const withToken: MetricsAccess = { token: TOKEN, ipAddressHeaders: [] };

describe('who may read /metrics', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'this machine (%s), without a token',
    async (peer) => {
      const response = await ask(open, peer);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    },
  );

  it('another host: 404 when no METRICS_TOKEN is set, whatever it sends', async () => {
    expect((await ask(open, '192.0.2.7')).status).toBe(404);
    expect((await ask(open, '192.0.2.7', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('another host with the token as a bearer token: 200', async () => {
    expect((await ask(withToken, '192.0.2.7', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await ask(withToken, '192.0.2.7', { authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer a-metrics-token-of-some-lengtH' }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token with more after it', { authorization: `Bearer ${TOKEN}x` }],
    ['Basic credentials', { authorization: `Basic ${btoa(`x:${TOKEN}`)}` }],
    ['the bare token', { authorization: TOKEN }],
  ])('another host with %s: 401 asking for a bearer token', async (_, headers) => {
    const response = await ask(withToken, '192.0.2.7', headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await response.text()).not.toContain('gatehouse');
  });

  it('a loopback peer relaying a request (a proxy on this machine) counts as another host', async () => {
    for (const header of [
      'x-forwarded-for',
      'forwarded',
      'x-real-ip',
      'x-forwarded-host',
      'x-forwarded-proto',
      'via',
    ])
      expect((await ask(open, '127.0.0.1', { [header]: '198.51.100.4' })).status).toBe(404);
    const proxied: MetricsAccess = { token: undefined, ipAddressHeaders: ['cf-connecting-ip'] };
    expect((await ask(proxied, '127.0.0.1', { 'cf-connecting-ip': '198.51.100.4' })).status).toBe(404);
    expect((await ask(withToken, '127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(401);
  });
});
