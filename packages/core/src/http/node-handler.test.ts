/**
 * `auth.nodeHandler` serves the same pipeline as `auth.handler` straight from Node's request and
 * response objects. Every request here is sent over HTTP to both (a Node server for each), and the
 * answers must agree: status, body, and every header but the date.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../create-auth.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase } from '../db/schema.ts';
import { testPasswordHasher } from '../testing/cheap-password-hasher.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { rawRequest, TEST_SECRET } from '../testing/test-server.ts';
import { MAX_BODY_BYTES } from './read-body.ts';

type Raw = Awaited<ReturnType<typeof rawRequest>>;

describe('the Node handler', () => {
  let database: AuthDatabase;
  let auth: Auth;
  let viaNode: Server;
  let viaWeb: Server;
  let nodeURL: string;
  let webURL: string;
  // Both servers must read the same configured origin, whichever port they listen on.
  const origin = 'http://127.0.0.1:3000';

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    await migrateDatabase(database);
    auth = createAuth({
      secret: TEST_SECRET,
      baseURL: origin,
      database,
      rateLimit: { enabled: false },
      emailAndPassword: { password: testPasswordHasher },
      logError: () => {},
    });
    viaNode = createServer((request, response) => {
      void auth.nodeHandler(request, response, { headers: [['x-request-id', 'node-1']] });
    });
    viaWeb = createAdaptorServer({
      fetch: (request: Request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
        auth.handler(request, {
          remoteAddress: env.incoming.socket.remoteAddress,
          headers: [['x-request-id', 'node-1']],
        }),
    }) as Server;
    nodeURL = await listen(viaNode);
    webURL = await listen(viaWeb);
  });
  afterAll(async () => {
    await new Promise((resolve) => viaNode.close(resolve));
    await new Promise((resolve) => viaWeb.close(resolve));
    await database.close();
  });

  /** Sends one request to both servers; the Host header names the configured origin for both. */
  async function both(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    const sent = { host: '127.0.0.1:3000', ...headers };
    const node = await rawRequest(`${nodeURL}/api/auth${path}`, method, sent, body);
    const web = await rawRequest(`${webURL}/api/auth${path}`, method, sent, body);
    return { node, web };
  }

  /**
   * What must agree: the status, the body and the headers, except those the servers frame the
   * body with themselves (the Node handler always sends a length; the web one may chunk instead).
   */
  const comparable = (answer: Raw) => {
    const framing = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !framing.includes(name)),
    );
    return { status: answer.status, headers, body: answer.body };
  };

  const json = { 'content-type': 'application/json', origin };

  /**
   * Talks to the Node server over a raw connection: `write` sends, and what came back is answered
   * once `done` says it is complete, or when the server closes the connection.
   */
  const exchange = (write: (socket: Socket) => void, done: (received: string) => boolean = () => false) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(nodeURL).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (done(received)) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      write(socket);
    });
  const email = `node-${Date.now()}@example.com`;

  it('answers sign-up, sign-in and get-session exactly as the web handler does', async () => {
    const signUp = await rawRequest(
      `${nodeURL}/api/auth/sign-up/email`,
      'POST',
      { ...json, host: '127.0.0.1:3000' },
      JSON.stringify({ email, password: 'a long enough password', name: 'Node' }),
    );
    expect(signUp.status).toBe(200);
    expect(signUp.headers['x-request-id']).toBe('node-1');
    expect(JSON.parse(signUp.body).user.email).toBe(email);

    const signIn = await both(
      'POST',
      '/sign-in/email',
      json,
      JSON.stringify({ email, password: 'a long enough password' }),
    );
    expect(signIn.node.status).toBe(200);
    // Each sign-in makes its own session: the bodies differ by token, the shape does not.
    expect(Object.keys(JSON.parse(signIn.node.body))).toEqual(Object.keys(JSON.parse(signIn.web.body)));
    const cookies = (signIn.node.headers['set-cookie'] ?? []) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    const cookie = cookies.map((line) => line.split(';')[0]).join('; ');

    const session = await both('GET', '/get-session', { cookie });
    expect(session.node.status).toBe(200);
    expect(JSON.parse(session.node.body).user.email).toBe(email);
    expect(comparable(session.node)).toEqual(comparable(session.web));
    expect(session.node.headers['content-length']).toBe(String(Buffer.byteLength(session.node.body)));
  });

  it.each([
    ['GET', '/get-session', {}, undefined],
    ['GET', '/nope', {}, undefined],
    ['POST', '/get-session', json, '{}'],
    ['POST', '/sign-in/email', json, '{"email":'],
    ['POST', '/sign-in/email', json, JSON.stringify({ email: 1, password: 'x\u0000' })],
    ['POST', '/sign-in/email', { ...json, 'content-type': 'text/plain' }, '{}'],
    ['POST', '/sign-in/email', json, JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES + 1) })],
    ['GET', '/reset-password/some-token?callbackURL=%2Freset', {}, undefined],
    ['GET', '/error?error=SOMETHING', {}, undefined],
    ['GET', '/reset-password/%E0%A4%A', {}, undefined],
    ['OPTIONS', '/get-session', { origin, 'access-control-request-method': 'GET' }, undefined],
  ])('%s %s answers as the web handler does', async (method, path, headers, body) => {
    const { node, web } = await both(method, path, headers, body);
    expect(comparable(node)).toEqual(comparable(web));
  });

  it('refuses a body past the limit while it streams, without Content-Length, and still answers', async () => {
    const answer = await exchange(
      (socket) => {
        const chunk = 'x'.repeat(16 * 1024);
        socket.write(
          'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nContent-Type: application/json\r\n' +
            'Transfer-Encoding: chunked\r\n\r\n',
        );
        for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) {
          socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        }
      },
      (received) => received.includes('\r\n\r\n') && received.includes('}'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  it('answers requests pipelined on one connection in the order they were sent', async () => {
    // Answers go out at the end of the event loop's turn (turn-writes.ts); on one connection they
    // must still come back one after another, in order.
    const request = (path: string, last = false) =>
      `GET /api/auth${path} HTTP/1.1\r\nHost: 127.0.0.1:3000\r\n${last ? 'Connection: close\r\n' : ''}\r\n`;
    const received = await exchange((socket) =>
      socket.write(request('/ok') + request('/nope') + request('/ok', true)),
    );
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '404', '200']);
    expect(received.indexOf('"code":"NOT_FOUND"')).toBeGreaterThan(received.indexOf('{"ok":true}'));
  });

  it.each([
    ['a Host header that is not a host', '/api/auth/get-session', 'bad host name'],
    ['a backslash in the path', '/api/auth\\get-session', '127.0.0.1:3000'],
  ])('answers 400 MALFORMED_REQUEST for %s', async (_, target, host) => {
    const answer = await exchange(
      (socket) => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
      (received) => received.includes('}'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"MALFORMED_REQUEST"');
    expect(answer.toLowerCase()).toContain('x-request-id: node-1');
  });
});
