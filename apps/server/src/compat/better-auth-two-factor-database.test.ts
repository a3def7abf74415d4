/**
 * Adopting a Better Auth database where people already use two-factor: stock Better Auth 1.7 with
 * its two-factor plugin enrols a user (secret and backup codes encrypted with the shared secret)
 * and trusts a browser; Gatehouse then serves the same file. The stored secret, the backup codes
 * and the trust cookie keep working, and the sign-in asks for the second factor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOTP } from '@better-auth/utils/otp';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { twoFactor } from 'better-auth/plugins';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const SECRET = 'shared-secret-between-better-auth-and-gatehouse';
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'enrolled@example.com';

/** `name=value; …` of every cookie a response sets (expired ones left out). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((c) => !/Max-Age=0/.test(c))
    .map((c) => c.split(';')[0] ?? '');

/** The authenticator app: codes from the otpauth URI's secret, computed by Better Auth's own OTP code. */
async function appCode(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const { base32 } = await import('@better-auth/utils/base32');
  return createOTP(base32.decode(secret)).totp();
}

describe('serving a Better Auth database with two-factor users', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ba-2fa-db-'));
  const file = join(dir, 'auth.sqlite');
  let baseURL: string;
  let server: RunningServer;
  let totpURI: string;
  let backupCodes: string[];
  let trustCookie: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    const database = new Database(file);
    const options = {
      database,
      secret: SECRET,
      baseURL,
      emailAndPassword: { enabled: true },
      telemetry: { enabled: false },
      plugins: [twoFactor()],
    };
    await (await getMigrations(options)).runMigrations();
    const auth = betterAuth(options);
    const post = (path: string, body: unknown, cookies: string[] = []) =>
      auth.handler(
        new Request(`${baseURL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseURL, cookie: cookies.join('; ') },
          body: JSON.stringify(body),
        }),
      );
    const signUp = await post('/sign-up/email', { name: 'Enrolled', email: EMAIL, password: PASSWORD });
    expect(signUp.status).toBe(200);
    const session = cookiesOf(signUp);
    const enable = await post('/two-factor/enable', { password: PASSWORD }, session);
    expect(enable.status).toBe(200);
    ({ totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] });
    const confirm = await post('/two-factor/verify-totp', { code: await appCode(totpURI) }, session);
    expect(confirm.status).toBe(200);
    // A browser trusted by Better Auth, through a sign-in with a backup code.
    const signIn = await post('/sign-in/email', { email: EMAIL, password: PASSWORD });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookiesOf(signIn);
    const trusted = await post(
      '/two-factor/verify-backup-code',
      { code: backupCodes[9], trustDevice: true },
      challenge,
    );
    expect(trusted.status).toBe(200);
    trustCookie = cookiesOf(trusted).find((c) => c.startsWith('better-auth.trust_device=')) ?? '';
    expect(trustCookie).not.toBe('');
    database.close();

    server = await startCheckedServer(
      loadConfig({
        PORT: String(port),
        BASE_URL: baseURL,
        DATA_DIR: dir,
        DATABASE_URL: file,
        AUTH_SECRET: SECRET,
        RATE_LIMIT: 'off',
      }),
      () => {},
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, cookies: string[] = []) =>
    fetch(`${baseURL}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL, cookie: cookies.join('; ') },
      body: JSON.stringify(body),
    });

  const signIn = async (cookies: string[] = []) => {
    const response = await post('/sign-in/email', { email: EMAIL, password: PASSWORD }, cookies);
    expect(response.status).toBe(200);
    return { body: await response.json(), cookies: cookiesOf(response) };
  };

  it('the sign-in asks for the second factor, and the secret Better Auth stored verifies', async () => {
    const { body, cookies } = await signIn();
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    // Better Auth accepted this step's code during enrolment; the next step's code is fresh.
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    const { base32 } = await import('@better-auth/utils/base32');
    const next = await createOTP(base32.decode(secret)).hotp(Math.floor(Date.now() / 30_000) + 1);
    const verify = await post('/two-factor/verify-totp', { code: next }, cookies);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({
      token: expect.any(String),
      user: { email: EMAIL, twoFactorEnabled: true },
    });
  });

  it('a backup code Better Auth generated (and did not spend) signs in once', async () => {
    const { cookies } = await signIn();
    const first = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, cookies);
    expect(first.status).toBe(200);
    const again = await signIn();
    const second = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, again.cookies);
    expect(second.status).toBe(401);
    // The one Better Auth spent stays spent.
    const spent = await post('/two-factor/verify-backup-code', { code: backupCodes[9] }, again.cookies);
    expect(spent.status).toBe(401);
  });

  it('a browser Better Auth trusted skips the challenge on Gatehouse', async () => {
    const { body, cookies } = await signIn([trustCookie]);
    expect(body).toMatchObject({ token: expect.any(String), user: { email: EMAIL } });
    expect(cookies.some((c) => c.startsWith('better-auth.trust_device='))).toBe(true);
  });
});
