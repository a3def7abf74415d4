import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { AuthContext } from '../context.ts';
import { type Auth, createAuth } from '../create-auth.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase, Dialect } from '../db/schema.ts';
import { contextOf } from '../engine-context.ts';
import { answerClientErrorsAsJson } from '../http/client-errors.ts';
import type { AuthHandler } from '../http/handler.ts';
import type { HandlerAnswer } from '../http/request-outcome.ts';
import type { AuthOptions } from '../options.ts';
import { checkedHandler } from './answer-checker.ts';
import { testPasswordHasher } from './cheap-password-hasher.ts';
import { CookieJar } from './cookie-jar.ts';
import { type SecretFound, SecretsScan } from './secrets-scan.ts';
import { openTestDatabase, type TestDatabaseOptions } from './test-database.ts';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestClock {
  now(): number;
  advance(seconds: number): void;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — also the configured base URL, so it is a trusted origin. */
  url: string;
  auth: Auth;
  /** The engine's context, as its features receive it: for tests that call a port or a shared step directly. */
  context: AuthContext;
  database: AuthDatabase;
  clock: TestClock;
  /** Every secret that passed through the server; its audit table is searched for them on close. */
  secrets: SecretsScan;
  /** What the engine told the host about each answer, in order (`ConnectionInfo.onAnswer`). */
  answers: HandlerAnswer[];
  /** A new client with its own cookie jar, like a separate browser. */
  client(): TestClient;
  /**
   * Stops the server and drops its database. Fails (after closing) when an answer broke the
   * OpenAPI document or when an audit event holds a secret that passed through the server.
   */
  close(): Promise<void>;
}

export interface TestServerOptions extends TestDatabaseOptions {
  /**
   * Off only for the route fuzz suite, which sends the identities' ids and emails in password and
   * token fields on purpose: events name those ids, so the scan would find them.
   */
  secretsScan?: boolean;
}

type Overrides = Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>>;

/**
 * The engine behind a real HTTP server on loopback, on a fresh migrated database, with a clock
 * the test moves. Tests talk to it with `fetch`, real cookies and real headers.
 */
export async function startTestServer(
  dialect: Dialect = 'sqlite',
  overrides: Overrides = {},
  serverOptions: TestServerOptions = {},
): Promise<TestServer> {
  const database = await openTestDatabase(dialect, serverOptions);
  await migrateDatabase(database, overrides.user?.additionalFields);
  let time = Date.now();
  const clock: TestClock = {
    now: () => time,
    advance: (seconds) => {
      time += seconds * 1000;
    },
  };

  // The server listens before the engine exists: the engine's base URL needs the server's port.
  let handle: AuthHandler = async () => new Response(null, { status: 503 });
  const answers: HandlerAnswer[] = [];
  const server = createAdaptorServer({
    fetch: (request: Request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
      handle(request, {
        remoteAddress: env.incoming.socket.remoteAddress,
        onAnswer: (answer) => answers.push(answer),
      }),
  });
  answerClientErrorsAsJson(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secrets = new SecretsScan();
  const { mailer } = overrides;
  const auth = createAuth({
    secret: TEST_SECRET,
    // Tests sign in far more often than 3 times in 10 s; rate-limit tests pass `rateLimit` to turn it on.
    rateLimit: { enabled: false },
    ...overrides,
    // The test's mailer still gets every message; the codes and link tokens are kept on the way.
    mailer: mailer && {
      send: (message, context) => {
        secrets.mail(message);
        return mailer.send(message, context);
      },
    },
    emailAndPassword: { password: testPasswordHasher, ...overrides.emailAndPassword },
    baseURL: url,
    database,
    now: clock.now,
    logError: () => {},
  });
  // Every answer is checked against the OpenAPI document: the suite fails on close if one drifted.
  const checked = await checkedHandler(auth);
  handle = async (request, connection) => {
    await secrets.request(request);
    const response = await checked.handler(request, connection);
    await secrets.response(response.clone());
    return response;
  };

  return {
    url,
    auth,
    context: contextOf(auth),
    database,
    clock,
    secrets,
    answers,
    client: () => new TestClient(url, auth.options.basePath),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.audit.stopRetention();
      // One read of the whole table: the suite's every event against every secret it used.
      let leaks: SecretFound[] = [];
      try {
        if (serverOptions.secretsScan !== false)
          leaks = secrets.findIn(await database.db.selectFrom('auditEvent').selectAll().execute());
      } finally {
        await database.close();
      }
      checked.assertConforms();
      if (leaks.length > 0)
        throw new Error(
          `security events hold secrets that passed through the server:\n${JSON.stringify(leaks, null, 1)}`,
        );
    },
  };
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Raw body text, sent as-is (for malformed-input tests). */
  raw?: string;
  /** Send no Origin header even though cookies are sent. */
  noOrigin?: boolean;
}

/** fetch with a cookie jar and the server's own Origin on POSTs, as a browser on the app would send. */
export class TestClient {
  readonly jar = new CookieJar();
  constructor(
    readonly origin: string,
    readonly basePath: string,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.jar.cookies.size > 0) headers.cookie ??= this.jar.header();
    if (method === 'POST' && !options.noOrigin) headers.origin ??= this.origin;
    let payload: string | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.origin}${this.basePath}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    this.jar.store(response);
    return response;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, undefined, options);
  }

  post(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request('POST', path, body, options);
  }

  /** Signs up and keeps the session cookies; returns the JSON answer. */
  async signUp(email: string, password = 'correct horse battery', name = 'Test User') {
    const response = await this.post('/sign-up/email', { name, email, password });
    if (response.status !== 200)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { token: string; user: { id: string; email: string } };
  }

  async signIn(email: string, password = 'correct horse battery', extra: Record<string, unknown> = {}) {
    const response = await this.post('/sign-in/email', { email, password, ...extra });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { token: string; user: { id: string; email: string } };
  }
}

/** Reads a JSON error body and returns its status, code and message together for one assertion. */
export async function errorOf(response: Response) {
  const body = (await response.json()) as { code?: string; message?: string };
  return { status: response.status, code: body.code, message: body.message };
}

/**
 * A request through node:http, which (unlike fetch) adds no headers of its own: fetch always
 * sends `sec-fetch-mode: cors`, so server-to-server and navigation cases need this.
 */
export function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        data += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
