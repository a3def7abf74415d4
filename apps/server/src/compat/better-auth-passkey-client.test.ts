/**
 * Better Auth 1.7's official passkey client (`@better-auth/passkey/client`) against a running
 * Gatehouse: add a passkey, list, rename, sign in with it (also through `twoFactorClient`'s hook
 * when the passkey did not verify the person, D9), and delete it, through the client's own
 * methods. The browser side is `@simplewebauthn/browser` for real, its `navigator.credentials`
 * answered by the software authenticator of `@gatehouse/core/testing`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passkeyClient } from '@better-auth/passkey/client';
import { type AssertionGesture, SoftwareAuthenticator } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** What the person does at the next WebAuthn prompt. */
let gesture: Omit<AssertionGesture, 'origin'> = {};

/** One "browser": the official client with both plugins, a cookie jar, and the authenticator. */
function browser(authenticator: SoftwareAuthenticator) {
  const jar = browserFetch(baseURL);
  const redirects: { twoFactorMethods?: string[] }[] = [];
  const client = createAuthClient({
    baseURL,
    plugins: [
      passkeyClient(),
      twoFactorClient({ onTwoFactorRedirect: async (context) => void redirects.push(context) }),
    ],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  // The page's WebAuthn API, for this browser's next call.
  vi.stubGlobal('navigator', { credentials: authenticator.credentialsApi(baseURL, () => gesture) });
  return { client, redirects, cookies: jar.cookies };
}

beforeAll(async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-passkey-client-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-passkey-client-compat-secret-012345',
      RATE_LIMIT: 'off',
      APP_NAME: 'Gatehouse Test',
    }),
    (line) => void outbox.push(line),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official passkey client against a running Gatehouse server', () => {
  it('add → list → rename → sign in → delete', async () => {
    const authenticator = new SoftwareAuthenticator();
    const email = `client-passkey-${Date.now()}@example.com`;
    const owner = browser(authenticator);
    expect(
      (await owner.client.signUp.email({ email, password: PASSWORD, name: 'Passkey' })).error,
    ).toBeNull();

    gesture = {};
    const added = await owner.client.passkey.addPasskey({
      name: 'Laptop',
      authenticatorAttachment: 'platform',
    });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ name: 'Laptop', deviceType: 'singleDevice', counter: 0 });
    const passkeyId = (added.data as { id: string }).id;

    // The authenticator refuses a second registration (excludeCredentials): the client's own error.
    const again = await owner.client.passkey.addPasskey({ name: 'Again' });
    expect(again.error).toMatchObject({
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      message: 'Previously registered',
    });

    const listed = await owner.client.passkey.listUserPasskeys();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: passkeyId, name: 'Laptop', lastUsedAt: null }),
    ]);

    const renamed = await owner.client.passkey.updatePasskey({ id: passkeyId, name: 'Work laptop' });
    expect(renamed.data).toMatchObject({ passkey: { id: passkeyId, name: 'Work laptop' } });

    const visitor = browser(authenticator);
    const signedIn = await visitor.client.signIn.passkey();
    expect(signedIn.error).toBeNull();
    expect(signedIn.data).toMatchObject({ user: { email } });
    const session = await visitor.client.getSession();
    expect(session.data?.user.email).toBe(email);

    const other = browser(new SoftwareAuthenticator());
    await other.client.signUp.email({ email: `other-${email}`, password: PASSWORD, name: 'Other' });
    const refused = await other.client.passkey.deletePasskey({ id: passkeyId });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
      message: 'You are not allowed to register this passkey',
    });

    const deleted = await owner.client.passkey.deletePasskey({ id: passkeyId });
    expect(deleted.data).toEqual({ status: true });
    expect((await owner.client.passkey.listUserPasskeys()).data).toEqual([]);
    const stranger = browser(authenticator);
    const gone = await stranger.client.signIn.passkey();
    expect(gone.error).toMatchObject({ status: 401, code: 'PASSKEY_NOT_FOUND' });
  });

  it('two-factor on: a passkey without user verification goes through twoFactorClient’s hook (D9)', async () => {
    const authenticator = new SoftwareAuthenticator();
    const email = `client-passkey-2fa-${Date.now()}@example.com`;
    const owner = browser(authenticator);
    await owner.client.signUp.email({ email, password: PASSWORD, name: 'Two factor' });
    gesture = {};
    expect((await owner.client.passkey.addPasskey({ name: 'Key' })).error).toBeNull();
    expect((await owner.client.twoFactor.enable({ password: PASSWORD, method: 'otp' })).data).toEqual({
      method: 'otp',
    });

    const unverified = browser(authenticator);
    gesture = { userVerified: false };
    const challenged = await unverified.client.signIn.passkey();
    expect(challenged.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect(unverified.redirects).toEqual([{ twoFactorMethods: ['otp'] }]);
    expect((await unverified.client.getSession()).data).toBeNull();
    await unverified.client.twoFactor.sendOtp();
    const line = outbox.findLast((l) => l.includes(`two-factor-code to ${email}:`));
    const verified = await unverified.client.twoFactor.verifyOtp({ code: line?.split(': ').pop() ?? '' });
    expect(verified.error).toBeNull();
    expect((await unverified.client.getSession()).data?.user.email).toBe(email);

    const verifying = browser(authenticator);
    gesture = { userVerified: true };
    const direct = await verifying.client.signIn.passkey();
    expect(direct.data).toMatchObject({ user: { email, twoFactorEnabled: true } });
    expect(verifying.redirects).toEqual([]);
  });
});
