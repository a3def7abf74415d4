import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import type { Handler } from 'hono';
import type { Registry } from 'prom-client';
import { fromThisMachine } from '../loopback.ts';

export interface MetricsAccess {
  /** METRICS_TOKEN: opens the route to other hosts as `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** IP_ADDRESS_HEADERS: a request carrying one came through a proxy, so its peer says nothing. */
  ipAddressHeaders: string[];
}

/**
 * `GET /metrics` in Prometheus text format. This machine may read it (a loopback peer with no
 * forwarding header), and anyone holding METRICS_TOKEN. Without a token the route does not exist
 * for others (404, like `/dev/outbox`); with one, a missing or wrong token answers 401.
 */
export function metricsHandler(
  registry: Registry,
  access: MetricsAccess,
): Handler<{ Bindings: HttpBindings }> {
  const expected = access.token === undefined ? undefined : digest(access.token);
  return async function serveMetrics(c) {
    const peer = c.env?.incoming?.socket?.remoteAddress;
    if (!fromThisMachine(peer, (name) => c.req.header(name), access.ipAddressHeaders)) {
      if (!expected) return c.notFound();
      const presented = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      // Hashes have one length, so the comparison takes the same time whatever was sent.
      if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
        c.header('www-authenticate', 'Bearer realm="metrics"');
        c.header('cache-control', 'no-store');
        return c.text('Unauthorized\n', 401);
      }
    }
    c.header('content-type', registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(await registry.metrics());
  };
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
