import { describe, expect, it } from 'vitest';
import type { RunningServer } from './start-server.ts';
import { productServers } from './testing/product-servers.ts';

/**
 * SIGN_UP and PASSWORD_MIN_LENGTH reach the engine and `GET /api/config` of the running product.
 * The policies themselves are tested in the engine (packages/core/src/user/sign-up-policy.test.ts).
 */
describe('SIGN_UP and PASSWORD_MIN_LENGTH on the running product', () => {
  const start = productServers('sign-up');

  const signUp = (server: RunningServer, email: string, password: string) =>
    fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'New Person', email, password }),
    });

  it('SIGN_UP=closed refuses sign-up and says so in /api/config', async () => {
    const server = await start({ SIGN_UP: 'closed' });
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ signUp: 'closed', passwordMinLength: 8 });
    const response = await signUp(server, 'someone@example.com', 'correct horse battery');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED',
      message: 'Email and password sign up is not enabled',
    });
  });

  it('SIGN_UP=invite-only refuses an address nobody invited with SIGN_UP_INVITE_ONLY', async () => {
    const server = await start({ SIGN_UP: 'invite-only' });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ signUp: 'invite-only' });
    const response = await signUp(server, 'someone@example.com', 'correct horse battery');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('SIGN_UP_INVITE_ONLY');
  });

  it('PASSWORD_MIN_LENGTH=12 refuses an 11-character password and accepts 12', async () => {
    const server = await start({ PASSWORD_MIN_LENGTH: '12' });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({
      signUp: 'open',
      passwordMinLength: 12,
    });
    const short = await signUp(server, 'short@example.com', 'a'.repeat(11));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    const enough = await signUp(server, 'short@example.com', 'a'.repeat(12));
    expect(enough.status).toBe(200);
  });

  it('PASSKEYS is told in /api/config, so the pages offer passkeys only when they work', async () => {
    expect(await (await fetch(`${(await start({})).url}/api/config`)).json()).toMatchObject({
      passkeys: true,
    });
    const off = await start({ PASSKEYS: 'off' });
    expect(await (await fetch(`${off.url}/api/config`)).json()).toMatchObject({ passkeys: false });
    expect((await fetch(`${off.url}/api/auth/passkey/generate-authenticate-options`)).status).toBe(404);
  });

  it('common passwords are refused unless REJECT_COMMON_PASSWORDS=off', async () => {
    const server = await start({});
    const common = await signUp(server, 'common@example.com', 'Password1');
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message: 'Password is too common: choose one that is harder to guess',
    });
    const relaxed = await start({ REJECT_COMMON_PASSWORDS: 'off' });
    expect((await signUp(relaxed, 'common@example.com', 'Password1')).status).toBe(200);
  });
});
