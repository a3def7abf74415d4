import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { base32Decode } from './base32.ts';
import { generateTotp, hotp, totpStep } from './totp.ts';

export const PASSWORD = 'correct horse battery';
export const CHALLENGE_COOKIE = 'better-auth.two_factor';
export const TRUST_COOKIE = 'better-auth.trust_device';
export const SESSION_COOKIE = 'better-auth.session_token';

export interface TwoFactorServer extends TestServer {
  mailer: CaptureMailer;
}

type Overrides = Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>>;

/** A test server with the feature on and emailed codes captured. */
export async function startTwoFactorServer(
  dialect: Dialect,
  overrides: Overrides = {},
): Promise<TwoFactorServer> {
  const mailer = new CaptureMailer();
  const server = await startTestServer(dialect, {
    mailer,
    ...overrides,
    twoFactor: { enabled: true, ...overrides.twoFactor },
  });
  return Object.assign(server, { mailer });
}

/** The HMAC key of an otpauth URI's secret. */
export function keyOf(totpURI: string): Uint8Array {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const key = base32Decode(secret);
  if (!key) throw new Error(`no secret in ${totpURI}`);
  return key;
}

/** The code an authenticator app shows at the server's time, `offset` steps away. */
export function codeAt(server: TestServer, key: Uint8Array, offset = 0): string {
  return offset === 0
    ? generateTotp(key, server.clock.now())
    : hotp(key, totpStep(server.clock.now()) + offset);
}

let counter = 0;
export const freshEmail = (tag = 'tf') => `${tag}-${++counter}-${Date.now()}@example.com`;

export interface Enrolled {
  client: TestClient;
  email: string;
  userId: string;
  key: Uint8Array;
  backupCodes: string[];
  totpURI: string;
}

/** Signs up, enables TOTP and confirms it with a first code; two-factor is then on. */
export async function enrolled(server: TestServer, email = freshEmail()): Promise<Enrolled> {
  const client = server.client();
  const { user } = await client.signUp(email, PASSWORD);
  const enable = await client.post('/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const body = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const key = keyOf(body.totpURI);
  const verify = await client.post('/two-factor/verify-totp', { code: codeAt(server, key) });
  expect(verify.status).toBe(200);
  // The next code must come from a later step (no reuse).
  server.clock.advance(30);
  return { client, email, userId: user.id, key, backupCodes: body.backupCodes, totpURI: body.totpURI };
}

/** A new browser that passed the password and now holds a challenge. */
export async function challenged(server: TestServer, email: string, extra: Record<string, unknown> = {}) {
  const client = server.client();
  const response = await client.post('/sign-in/email', { email, password: PASSWORD, ...extra });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ twoFactorRedirect: true });
  return { client, body: body as { twoFactorRedirect: true; twoFactorMethods: string[] }, response };
}

/** Reads a row count straight from the database, for "nothing changed" checks. */
export async function verificationRows(server: TestServer, prefix: string, value?: string): Promise<number> {
  let query = server.database.db
    .selectFrom('verification')
    .select('id')
    .where('identifier', 'like', `${prefix}%`);
  if (value !== undefined) query = query.where('value', '=', value);
  return (await query.execute()).length;
}
