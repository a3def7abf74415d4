/**
 * Better Auth 1.7's official `twoFactorClient` against a running Gatehouse: enrol an
 * authenticator app, sign in with a code, with a backup code, with an emailed code, and turn
 * two-factor off, all through the client's own methods and fetch hooks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const PASSWORD = 'correct horse battery staple';

let server: RunningServer;
let baseURL: string;
let dataDir: string;
const outbox: string[] = [];

/** One "browser": the official client with the two-factor plugin and a cookie jar. */
function browser() {
  const jar = browserFetch(baseURL);
  const redirects: { twoFactorMethods?: string[] }[] = [];
  const client = createAuthClient({
    baseURL,
    plugins: [twoFactorClient({ onTwoFactorRedirect: async (context) => void redirects.push(context) })],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, redirects, cookies: jar.cookies };
}

/** The authenticator app, `offset` steps from now (each step is accepted once: D1). */
function appCode(totpURI: string, offset: number): Promise<string> {
  const secret = base32.decode(new URL(totpURI).searchParams.get('secret') ?? '');
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + offset);
}

/** The code in the newest two-factor message the dev outbox printed for an address. */
function emailedCode(email: string): string {
  const line = outbox.findLast((l) => l.includes(`two-factor-code to ${email}:`));
  return line?.split(': ').pop() ?? '';
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-2fa-client-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-two-factor-client-compat-secret-0123',
      RATE_LIMIT: 'off',
      APP_NAME: 'Gatehouse Test',
    }),
    (line) => void outbox.push(line),
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official twoFactorClient against a running Gatehouse server', () => {
  it('enrol → sign in with a code → with a backup code → with an emailed code → disable', async () => {
    const email = `client-2fa-${Date.now()}@example.com`;
    const first = browser();
    const signUp = await first.client.signUp.email({ email, password: PASSWORD, name: 'Two Factor' });
    expect(signUp.error).toBeNull();
    expect(signUp.data?.user).toMatchObject({ twoFactorEnabled: false });

    const enable = await first.client.twoFactor.enable({ password: PASSWORD });
    expect(enable.error).toBeNull();
    const enabled = enable.data?.method === 'totp' ? enable.data : undefined;
    const totpURI = enabled?.totpURI ?? '';
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Gatehouse%20Test:/);
    const backupCodes = enabled?.backupCodes ?? [];
    expect(backupCodes).toHaveLength(10);

    const wrong = await first.client.twoFactor.verifyTotp({ code: '000000' });
    expect(wrong.error).toMatchObject({ status: 401, code: 'INVALID_CODE', message: 'Invalid code' });
    const confirm = await first.client.twoFactor.verifyTotp({ code: await appCode(totpURI, 0) });
    expect(confirm.error).toBeNull();
    // D4: the answer names the session the cookies now carry, and the user as it now is.
    expect(confirm.data?.user).toMatchObject({ twoFactorEnabled: true });
    const session = await first.client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.session.token).toBe(confirm.data?.token);
    expect(session.data?.user).toMatchObject({ twoFactorEnabled: true });

    // Sign in from a second browser: the client's hook reports the methods, no session yet.
    const second = browser();
    const signIn = await second.client.signIn.email({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(second.redirects).toEqual([{ twoFactorMethods: ['totp', 'otp'] }]);
    expect((await second.client.getSession()).data).toBeNull();
    const verified = await second.client.twoFactor.verifyTotp({ code: await appCode(totpURI, 1) });
    expect(verified.error).toBeNull();
    expect((await second.client.getSession()).data?.user.email).toBe(email);

    // A third browser with a backup code, trusting itself.
    const third = browser();
    await third.client.signIn.email({ email, password: PASSWORD });
    const backup = await third.client.twoFactor.verifyBackupCode({
      code: backupCodes[0] ?? '',
      trustDevice: true,
    });
    expect(backup.error).toBeNull();
    expect((await third.client.getSession()).data?.user.email).toBe(email);
    await third.client.signOut();
    const trustedSignIn = await third.client.signIn.email({ email, password: PASSWORD });
    expect(trustedSignIn.data).toMatchObject({ token: expect.any(String) });

    // A fourth browser with an emailed code (the dev outbox prints it).
    const fourth = browser();
    await fourth.client.signIn.email({ email, password: PASSWORD });
    expect((await fourth.client.twoFactor.sendOtp()).data).toEqual({ status: true });
    const otp = await fourth.client.twoFactor.verifyOtp({ code: emailedCode(email) });
    expect(otp.error).toBeNull();
    expect((await fourth.client.getSession()).data?.user.email).toBe(email);

    // New backup codes, then two-factor off: sign-in is plain again, and the trusted browser is forgotten.
    const regenerated = await first.client.twoFactor.generateBackupCodes({ password: PASSWORD });
    expect(regenerated.data?.backupCodes).toHaveLength(10);
    const disable = await first.client.twoFactor.disable({ password: PASSWORD });
    expect(disable.error).toBeNull();
    expect(disable.data).toEqual({ status: true });
    const after = browser();
    const plain = await after.client.signIn.email({ email, password: PASSWORD });
    expect(plain.data).toMatchObject({ token: expect.any(String), user: { twoFactorEnabled: false } });
    expect(after.redirects).toEqual([]);
  });
});
