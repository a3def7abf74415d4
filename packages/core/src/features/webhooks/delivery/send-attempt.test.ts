import { execFileSync } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AttemptOptions, sendAttempt } from './send-attempt.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Receiver {
  port: number;
  url: string;
  connections: number;
  requests: { headers: IncomingMessage['headers']; body: string }[];
}

const servers: Server[] = [];

async function listen(server: Server, handler: Handler, scheme: 'http' | 'https'): Promise<Receiver> {
  const receiver: Receiver = { port: 0, url: '', connections: 0, requests: [] };
  // For https only completed handshakes count: a refused certificate is no connection to the receiver.
  server.on(scheme === 'https' ? 'secureConnection' : 'connection', () => {
    receiver.connections += 1;
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      receiver.requests.push({ headers: request.headers, body });
      handler(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `${scheme}://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

const httpReceiver = (handler: Handler) => listen(createHttpServer(), handler, 'http');

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A lookup that answers from a table, counting its calls. */
function tableLookup(table: Record<string, readonly LookupAddress[]>) {
  const calls: string[] = [];
  const lookup: LookupFunction = (hostname, _options, callback) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (answer) callback(null, [...answer]);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };
  return { lookup, calls };
}

const BODY = JSON.stringify({ type: 'webhook.test', data: {} });
const SIGNED = { 'webhook-id': 'msg_x', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,c2ln' };
const LOCAL: AttemptOptions = { allowPrivate: true, timeoutMs: 2000 };
const post = (url: string) => ({ url, body: BODY, headers: SIGNED });

describe('sendAttempt over http', () => {
  it('a 200 is a success; the message arrives with our headers and the exact body', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end('thanks'));
    const result = await sendAttempt(post(receiver.url), LOCAL);
    expect(result).toMatchObject({ ok: true, responseStatus: 200, error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.retryAfterMs).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('thanks');
    const [received] = receiver.requests;
    expect(received?.body).toBe(BODY);
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Gatehouse-Webhooks/1',
      ...SIGNED,
    });
  });

  it('a 500 fails with its status and no error', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(500).end());
    expect(await sendAttempt(post(receiver.url), LOCAL)).toMatchObject({
      ok: false,
      responseStatus: 500,
      error: null,
    });
  });

  it('a 302 fails and is not followed, even to an allowed address', async () => {
    const target = await httpReceiver((_q, r) => r.writeHead(200).end());
    const redirecting = await httpReceiver((_q, r) => r.writeHead(302, { location: target.url }).end());
    const result = await sendAttempt(post(redirecting.url), LOCAL);
    expect(result).toMatchObject({ ok: false, responseStatus: 302, error: null });
    expect(target.connections).toBe(0);
  });

  it('a 429 with Retry-After reports the wait; a 2xx Retry-After is ignored', async () => {
    const limited = await httpReceiver((_q, r) => r.writeHead(429, { 'retry-after': '30' }).end());
    expect(await sendAttempt(post(limited.url), LOCAL)).toMatchObject({
      ok: false,
      responseStatus: 429,
      retryAfterMs: 30_000,
    });
    const fine = await httpReceiver((_q, r) => r.writeHead(204, { 'retry-after': '30' }).end());
    const result = await sendAttempt(post(fine.url), LOCAL);
    expect(result.ok).toBe(true);
    expect(result.retryAfterMs).toBeUndefined();
  });

  it('no answer within the timeout is a timeout', async () => {
    const receiver = await httpReceiver(() => {});
    const started = Date.now();
    const result = await sendAttempt(post(receiver.url), { ...LOCAL, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, responseStatus: null, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('reads at most 64 KiB of a body that never ends, and the status still counts', async () => {
    const receiver = await httpReceiver((_q, r) => {
      r.writeHead(200, { 'content-type': 'text/plain' });
      r.write('x'.repeat(70 * 1024));
      // …and never ends.
    });
    const started = Date.now();
    const result = await sendAttempt(post(receiver.url), { ...LOCAL, timeoutMs: 5000 });
    expect(result).toMatchObject({ ok: true, responseStatus: 200, error: null });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that trickles below 64 KiB is cut off after the timeout, not counted as an error', async () => {
    const receiver = await httpReceiver((_q, r) => {
      r.writeHead(503);
      const drip = setInterval(() => r.write('.'), 20);
      r.on('close', () => clearInterval(drip));
    });
    const result = await sendAttempt(post(receiver.url), { ...LOCAL, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, responseStatus: 503, error: null });
  });

  it('a refused connection and an unknown name are connection failures', async () => {
    const receiver = await httpReceiver(() => {});
    const closedUrl = receiver.url;
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    expect(await sendAttempt(post(closedUrl), LOCAL)).toMatchObject({
      error: 'connection_failed',
      ok: false,
    });
    const { lookup } = tableLookup({});
    expect(await sendAttempt(post('https://nowhere.example.test/'), { ...LOCAL, lookup })).toMatchObject({
      error: 'connection_failed',
      responseStatus: null,
    });
  });

  it('a reset connection is a connection failure', async () => {
    const receiver = await httpReceiver((request) => request.socket.destroy());
    expect(await sendAttempt(post(receiver.url), LOCAL)).toMatchObject({ error: 'connection_failed' });
  });
});

describe('sendAttempt address guard', () => {
  it('a name resolving to loopback is refused without the allow setting, and no connection is made', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end());
    const { lookup } = tableLookup({ 'hooks.example.test': [{ address: '127.0.0.1', family: 4 }] });
    const url = `http://hooks.example.test:${receiver.port}/hook`;
    const result = await sendAttempt(post(url), { allowPrivate: false, timeoutMs: 2000, lookup });
    expect(result).toMatchObject({ ok: false, responseStatus: null, error: 'private_address' });
    expect(receiver.connections).toBe(0);
    // The same target with the setting on is reached, which shows the refusal above was the guard.
    expect(await sendAttempt(post(url), { ...LOCAL, lookup })).toMatchObject({ ok: true });
    expect(receiver.connections).toBe(1);
  });

  it('one private address among public ones refuses the attempt', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end());
    const { lookup } = tableLookup({
      'hooks.example.test': [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    const url = `http://hooks.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { allowPrivate: false, timeoutMs: 2000, lookup })).toMatchObject({
      error: 'private_address',
    });
    expect(receiver.connections).toBe(0);
  });

  it('IP literals are checked too, in mapped IPv6 form as well', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end());
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433']) {
      const result = await sendAttempt(post(`http://${host}:${receiver.port}/`), {
        allowPrivate: false,
        timeoutMs: 2000,
      });
      expect(result.error).toBe('private_address');
    }
    expect(receiver.connections).toBe(0);
  });

  it('resolves once and connects to the checked address, so a rebinding answer is never used', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end());
    let calls = 0;
    const rebinding: LookupFunction = (_hostname, _options, callback) => {
      calls += 1;
      // First answer: the receiver; any later one would point somewhere unreachable.
      callback(null, [{ address: calls === 1 ? '127.0.0.1' : '192.0.2.1', family: 4 }]);
    };
    const url = `http://rebind.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { ...LOCAL, lookup: rebinding })).toMatchObject({ ok: true });
    expect(calls).toBe(1);
    expect(receiver.requests[0]?.headers.host).toBe(`rebind.example.test:${receiver.port}`);
  });

  it('a lookup that never answers is a timeout', async () => {
    const silent: LookupFunction = () => {};
    const result = await sendAttempt(post('https://slow-dns.example.test/'), {
      ...LOCAL,
      timeoutMs: 200,
      lookup: silent,
    });
    expect(result.error).toBe('timeout');
  });
});

describe('sendAttempt over https', () => {
  let dir: string;
  let trusted: { key: string; cert: string };
  let stranger: { key: string; cert: string };

  function makeCertificate(name: string, commonName: string) {
    const key = join(dir, `${name}.key`);
    const cert = join(dir, `${name}.crt`);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=DNS:${commonName}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    trusted = makeCertificate('trusted', 'hooks.example.test');
    stranger = makeCertificate('stranger', 'hooks.example.test');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const { lookup } = tableLookup({
    'hooks.example.test': [{ address: '127.0.0.1', family: 4 }],
    'other.example.test': [{ address: '127.0.0.1', family: 4 }],
  });

  async function httpsReceiver(certificate: { key: string; cert: string }) {
    return listen(createHttpsServer(certificate), (_q, r) => r.writeHead(200).end(), 'https');
  }

  it('reaches a trusted certificate by its name through the pinned address (SNI and name check)', async () => {
    const receiver = await httpsReceiver(trusted);
    const url = `https://hooks.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { ...LOCAL, lookup, ca: trusted.cert })).toMatchObject({
      ok: true,
      responseStatus: 200,
    });
    expect(receiver.requests[0]?.body).toBe(BODY);
  });

  it('an untrusted certificate is a tls failure, and nothing is sent', async () => {
    const receiver = await httpsReceiver(stranger);
    const url = `https://hooks.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { ...LOCAL, lookup, ca: trusted.cert })).toMatchObject({
      ok: false,
      responseStatus: null,
      error: 'tls',
    });
    expect(await sendAttempt(post(url), { ...LOCAL, lookup })).toMatchObject({ error: 'tls' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('a trusted certificate for another name is a tls failure', async () => {
    const receiver = await httpsReceiver(trusted);
    const url = `https://other.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { ...LOCAL, lookup, ca: trusted.cert })).toMatchObject({
      error: 'tls',
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it('https to a plain http server is a tls failure', async () => {
    const receiver = await httpReceiver((_q, r) => r.writeHead(200).end());
    const url = `https://hooks.example.test:${receiver.port}/hook`;
    expect(await sendAttempt(post(url), { ...LOCAL, lookup, ca: trusted.cert })).toMatchObject({
      error: 'tls',
    });
  });
});
