// Creates the benchmark user on a server and signs it in, the way a browser client would.
import { randomBytes, randomUUID } from 'node:crypto';

export interface Cookie {
  name: string;
  value: string;
}

export interface PreparedUser {
  name: string;
  email: string;
  password: string;
  /** Cookies set by the sign-in response, in the order they were set. */
  cookies: Cookie[];
}

export async function prepareUser(baseUrl: string): Promise<PreparedUser> {
  const name = 'Bench User';
  const email = `bench-${randomUUID()}@example.com`;
  const password = randomBytes(12).toString('hex');

  const signUp = await postJson(baseUrl, '/api/auth/sign-up/email', { name, email, password });
  await expectStatus(signUp, 200, 'sign-up');

  const signIn = await postJson(baseUrl, '/api/auth/sign-in/email', { email, password });
  await expectStatus(signIn, 200, 'sign-in');
  const cookies = readSetCookies(signIn.headers);
  if (!cookies.some((cookie) => isSessionToken(cookie.name))) {
    throw new Error(
      `sign-in set no session_token cookie (got: ${cookies.map((c) => c.name).join(', ') || 'none'})`,
    );
  }
  return { name, email, password, cookies };
}

// fetch marks requests `sec-fetch-mode: cors`, for which Better Auth demands an Origin, as a browser would send.
export function postJson(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
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
