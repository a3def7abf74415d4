// Creates the benchmark user on a server and signs it in, the way a browser client would.
import { randomBytes, randomUUID } from 'node:crypto';

export interface Cookie {
  name: string;
  value: string;
}

export interface PreparedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The organization the user owns, made with the sign-up session. */
  organizationId: string;
  /** A personal API key of the user, made with the sign-up session, sent as `x-api-key`. */
  apiKey: string;
}

/**
 * Creates `count` users, each with its own organization, once per database (both cookie-cache
 * instances share them). Measured requests take turns among them, so a server reads many
 * sessions, as it does with real traffic, rather than one session again and again.
 */
export async function prepareUsers(baseUrl: string, count: number): Promise<PreparedUser[]> {
  const users: PreparedUser[] = [];
  for (let i = 0; i < count; i++) users.push(await prepareUser(baseUrl));
  return users;
}

/** Creates one user and its organization. */
export async function prepareUser(baseUrl: string): Promise<PreparedUser> {
  const name = 'Bench User';
  const email = `bench-${randomUUID()}@example.com`;
  const password = randomBytes(12).toString('hex');

  const signUp = await postJson(baseUrl, '/api/auth/sign-up/email', { name, email, password });
  const signedUp = JSON.parse(await expectStatus(signUp, 200, 'sign-up')) as { user?: { id?: unknown } };
  const id = signedUp.user?.id;
  if (typeof id !== 'string') throw new Error('sign-up answered no user id');
  const created = await postJson(
    baseUrl,
    '/api/auth/organization/create',
    { name: 'Bench Organization', slug: `bench-${randomUUID()}` },
    sessionCookies(signUp),
  );
  const organization = JSON.parse(await expectStatus(created, 200, 'organization/create')) as {
    id?: unknown;
  };
  if (typeof organization.id !== 'string') throw new Error('organization/create answered no id');
  const keyCreated = await postJson(
    baseUrl,
    '/api/auth/api-key/create',
    { name: 'bench' },
    sessionCookies(signUp),
  );
  const key = JSON.parse(await expectStatus(keyCreated, 200, 'api-key/create')) as { key?: unknown };
  if (typeof key.key !== 'string') throw new Error('api-key/create answered no key');
  return { id, name, email, password, organizationId: organization.id, apiKey: key.key };
}

/** Signs the user in on one server instance: the cookies its measured requests send. */
export async function signIn(baseUrl: string, user: PreparedUser): Promise<Cookie[]> {
  const response = await postJson(baseUrl, '/api/auth/sign-in/email', {
    email: user.email,
    password: user.password,
  });
  await expectStatus(response, 200, 'sign-in');
  const cookies = readSetCookies(response.headers);
  if (!cookies.some((cookie) => isSessionToken(cookie.name))) {
    throw new Error(
      `sign-in set no session_token cookie (got: ${cookies.map((c) => c.name).join(', ') || 'none'})`,
    );
  }
  return cookies;
}

function sessionCookies(response: Response): string {
  return cookieHeader(readSetCookies(response.headers));
}

// fetch marks requests `sec-fetch-mode: cors`, for which Better Auth demands an Origin, as a browser would send.
export function postJson(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: baseUrl };
  if (cookie !== undefined) headers.cookie = cookie;
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Reads the response body either way so the connection is released. */
export async function expectStatus(response: Response, status: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status}: ${text.slice(0, 500)}`);
  }
  return text;
}

export function readSetCookies(headers: Headers): Cookie[] {
  const cookies: Cookie[] = [];
  for (const line of headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const value = pair.slice(eq + 1).trim();
    // An empty value is a deletion, not a cookie the client would send back.
    if (value === '') continue;
    cookies.push({ name: pair.slice(0, eq).trim(), value });
  }
  return cookies;
}

// Names may carry a `__Secure-` prefix, and session_data may be split into numbered chunks.
export function isSessionToken(name: string): boolean {
  return /(^|\.)session_token$/.test(name);
}

export function isSessionData(name: string): boolean {
  return /(^|\.)session_data(\.\d+)?$/.test(name);
}

export function cookieHeader(cookies: Cookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
