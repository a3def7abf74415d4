/**
 * Better Auth 1.7's official `magicLinkClient` and `emailOTPClient` against the running product,
 * with mail over SMTP to a real test server, the link and the codes read out of the received
 * messages (docs/protocol/passwordless.md). Every route of both plugins goes through the client's
 * own methods; the edge cases live in the engine's tests (packages/core/src/features/magic-link/,
 * packages/core/src/features/email-otp/).
 */
import { type ReceivedMail, startSmtpTestServer, startTcpProxy } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient, magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch } from '../testing/browser-fetch.ts';
import { type Product, startProduct } from '../testing/mail-product.ts';
import { productServers } from '../testing/product-servers.ts';

const PASSWORD = 'correct horse battery staple';

let product: Product;
beforeAll(async () => {
  product = await startProduct({ MAGIC_LINK: 'on', EMAIL_OTP: 'on' });
});
afterAll(() => product?.close());

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;

/** One browser: the official client with both plugins (and two-factor's hook) and a cookie jar. */
function browser() {
  const jar = browserFetch(product.baseURL);
  const redirects: { twoFactorMethods?: string[] }[] = [];
  const client = createAuthClient({
    baseURL: product.baseURL,
    plugins: [
      magicLinkClient(),
      emailOTPClient(),
      twoFactorClient({ onTwoFactorRedirect: async (context) => void redirects.push(context) }),
    ],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, redirects, fetch: jar.fetch };
}

/** The next message to `address` with this subject, after `send` ran. */
async function mailAfter(
  address: string,
  subject: string,
  send: () => Promise<unknown>,
): Promise<ReceivedMail> {
  const seen = product.smtp.messages.length;
  await send();
  return product.smtp.waitFor(
    (m) => product.smtp.messages.indexOf(m) >= seen && m.to.includes(address) && m.subject === subject,
  );
}

/** The text part's one standalone run of six digits outside links. */
function codeIn(mail: ReceivedMail): string {
  const codes = mail.text.replace(/https?:\/\/\S+/g, '').match(/(?<!\d)\d{6}(?!\d)/g) ?? [];
  expect(codes).toHaveLength(1);
  expect(mail.html).toContain(codes[0]);
  return codes[0] ?? '';
}

describe('Better Auth 1.7 official magicLinkClient against a running Gatehouse', () => {
  it('sign in with the emailed link, then with the code of another message', async () => {
    const email = freshEmail('link');
    const { client } = browser();
    const mail = await mailAfter(email, 'Your sign-in link', async () => {
      const sent = await client.signIn.magicLink({ email, name: 'Mia', callbackURL: '/dashboard' });
      expect(sent.error).toBeNull();
      expect(sent.data).toEqual({ status: true });
    });
    const link = mail.links.find((l) => l.includes('/magic-link/verify?')) ?? '';
    expect(link).toMatch(
      new RegExp(
        `^${product.baseURL}/api/auth/magic-link/verify\\?token=[A-Za-z]{32}&callbackURL=%2Fdashboard$`,
      ),
    );
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    const token = new URL(link).searchParams.get('token') ?? '';

    const verified = await client.magicLink.verify({ query: { token } });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ user: { email, name: 'Mia', emailVerified: true } });
    expect((await client.getSession()).data?.user.email).toBe(email);

    // Spent: a browser following it again lands on the error target with no session.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(`${product.baseURL}/dashboard?error=INVALID_TOKEN`);

    // D1: another device types the code of a new message, even after a scanner followed its link.
    const other = browser();
    const second = await mailAfter(email, 'Your sign-in link', () =>
      other.client.signIn.magicLink({ email }),
    );
    const code = codeIn(second);
    const scanned = await fetch(second.links[0] ?? '', { redirect: 'manual' });
    expect(scanned.status).toBe(302);
    // Gatehouse's own route, beside the plugin's: called through the client's `$fetch`.
    const verifyCode = (body: { email: string; code: string }) =>
      other.client.$fetch<{ user: { email: string } }>('/magic-link/verify-code', { method: 'POST', body });
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await verifyCode({ email, code: wrong });
    expect(refused.error).toMatchObject({ status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' });
    const typed = await verifyCode({ email, code });
    expect(typed.error).toBeNull();
    expect(typed.data).toMatchObject({ user: { email } });
    expect((await other.client.getSession()).data?.user.email).toBe(email);
  });

  it('refuses a foreign callbackURL before sending anything', async () => {
    const email = freshEmail('foreign');
    const { client } = browser();
    const seen = product.smtp.messages.length;
    const sent = await client.signIn.magicLink({ email, callbackURL: 'https://evil.example/' });
    expect(sent.error).toMatchObject({
      status: 403,
      code: 'INVALID_CALLBACK_URL',
      message: 'Invalid callbackURL',
    });
    // A message sent after it would arrive before this one.
    await mailAfter(email, 'Your sign-in link', () => client.signIn.magicLink({ email }));
    expect(product.smtp.messages.slice(seen).filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});

describe('Better Auth 1.7 official emailOTPClient against a running Gatehouse', () => {
  it('sign in with a code: a new address gets an account', async () => {
    const email = freshEmail('otp');
    const { client } = browser();
    const mail = await mailAfter(email, 'Your code to sign in', async () => {
      const sent = await client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
      expect(sent.data).toEqual({ success: true });
    });
    const otp = codeIn(mail);
    const checked = await client.emailOtp.checkVerificationOtp({ email, type: 'sign-in', otp });
    expect(checked.error).toMatchObject({ status: 400, code: 'USER_NOT_FOUND', message: 'User not found' });
    const signedIn = await client.signIn.emailOtp({ email, otp, name: 'Otto' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data).toMatchObject({
      token: expect.any(String),
      user: { email, name: 'Otto', emailVerified: true },
    });
    expect((await client.getSession()).data?.user.email).toBe(email);
    const reused = await browser().client.signIn.emailOtp({ email, otp });
    expect(reused.error).toMatchObject({ status: 400, code: 'INVALID_OTP' });
  });

  it('verify the address with a code, checked first without spending it', async () => {
    const email = freshEmail('verify');
    const { client } = browser();
    expect((await client.signUp.email({ email, password: PASSWORD, name: 'Vera' })).error).toBeNull();
    const mail = await mailAfter(email, 'Your code to verify your email address', () =>
      client.emailOtp.sendVerificationOtp({ email, type: 'email-verification' }),
    );
    const otp = codeIn(mail);
    expect(
      (await client.emailOtp.checkVerificationOtp({ email, type: 'email-verification', otp })).data,
    ).toEqual({
      success: true,
    });
    const verified = await client.emailOtp.verifyEmail({ email, otp });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ status: true, token: null, user: { email, emailVerified: true } });
    expect((await client.getSession({ query: { disableCookieCache: true } })).data?.user.emailVerified).toBe(
      true,
    );
  });

  it('reset the password with a code, by both names of the request', async () => {
    const email = freshEmail('reset');
    const owner = browser();
    expect((await owner.client.signUp.email({ email, password: PASSWORD, name: 'Rita' })).error).toBeNull();
    const { client } = browser();
    const first = await mailAfter(email, 'Your code to reset your password', async () => {
      expect((await client.emailOtp.requestPasswordReset({ email })).data).toEqual({ success: true });
    });
    const second = await mailAfter(email, 'Your code to reset your password', async () => {
      expect((await client.forgetPassword.emailOtp({ email })).data).toEqual({ success: true });
    });
    const otp = codeIn(second);
    if (codeIn(first) !== otp) {
      const stale = await client.emailOtp.resetPassword({
        email,
        otp: codeIn(first),
        password: 'a new password 1',
      });
      expect(stale.error).toMatchObject({ status: 400, code: 'INVALID_OTP' });
    }
    const short = await client.emailOtp.resetPassword({ email, otp, password: 'short' });
    expect(short.error).toMatchObject({
      status: 400,
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password too short',
    });
    const notice = await mailAfter(email, 'Your password was reset', async () => {
      const reset = await client.emailOtp.resetPassword({ email, otp, password: 'a new password 1' });
      expect(reset.error).toBeNull();
      expect(reset.data).toEqual({ success: true });
    });
    expect(notice.text).not.toContain(otp);
    // The product ends every session on a reset.
    expect((await owner.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    expect((await client.signIn.email({ email, password: 'a new password 1' })).error).toBeNull();
  });

  it('an unknown address gets the same answer for a reset and no message', async () => {
    const unknown = freshEmail('nobody');
    const { client } = browser();
    expect((await client.emailOtp.requestPasswordReset({ email: unknown })).data).toEqual({ success: true });
    expect(
      (await client.emailOtp.sendVerificationOtp({ email: unknown, type: 'email-verification' })).data,
    ).toEqual({
      success: true,
    });
    // A message to a known address sent afterwards arrives, and none before it went to the unknown one.
    const known = freshEmail('known');
    await browser().client.signUp.email({ email: known, password: PASSWORD, name: 'Kim' });
    await mailAfter(known, 'Your code to reset your password', () =>
      client.emailOtp.requestPasswordReset({ email: known }),
    );
    expect(product.smtp.messages.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('changing the address by code is refused, as Better Auth does while it is off', async () => {
    const { client } = browser();
    const requested = await client.emailOtp.requestEmailChange({ newEmail: freshEmail('new') });
    expect(requested.error).toMatchObject({
      status: 400,
      code: 'CHANGE_EMAIL_OTP_DISABLED',
      message: 'Change email with OTP is disabled',
    });
    const changed = await client.emailOtp.changeEmail({ newEmail: freshEmail('new'), otp: '123456' });
    expect(changed.error).toMatchObject({ status: 400, code: 'CHANGE_EMAIL_OTP_DISABLED' });
  });
});

describe('two-factor is not skipped by the official clients (D2)', () => {
  it('a code or a link owes the second factor: the client hook fires and no session exists', async () => {
    const email = freshEmail('second');
    const first = browser();
    const mail = await mailAfter(email, 'Your code to sign in', () =>
      first.client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
    );
    expect((await first.client.signIn.emailOtp({ email, otp: codeIn(mail) })).error).toBeNull();
    expect((await first.client.twoFactor.enable({ method: 'otp' } as never)).error).toBeNull();

    const second = browser();
    const code = await mailAfter(email, 'Your code to sign in', () =>
      second.client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
    );
    const challenged = await second.client.signIn.emailOtp({ email, otp: codeIn(code) });
    expect(challenged.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect(second.redirects).toEqual([{ twoFactorMethods: ['otp'] }]);
    expect((await second.client.getSession()).data).toBeNull();

    const third = browser();
    const link = await mailAfter(email, 'Your sign-in link', () => third.client.signIn.magicLink({ email }));
    const token = new URL(link.links[0] ?? '').searchParams.get('token') ?? '';
    const viaLink = await third.client.magicLink.verify({ query: { token } });
    expect(viaLink.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect((await third.client.getSession()).data).toBeNull();
  });
});

describe('MAGIC_LINK and EMAIL_OTP on the running product', () => {
  const start = productServers('passwordless');

  it('are off by default: the routes answer 404 and /api/config says so', async () => {
    const server = await start({});
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({
      magicLink: false,
      emailOtp: false,
    });
    for (const path of ['/sign-in/magic-link', '/email-otp/send-verification-otp', '/sign-in/email-otp']) {
      const response = await fetch(`${server.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', type: 'sign-in' }),
      });
      expect(response.status).toBe(404);
    }
    expect(await (await fetch(`${product.baseURL}/api/config`)).json()).toMatchObject({
      magicLink: true,
      emailOtp: true,
    });
  });

  it('answer without waiting for a mail server that never answers (D3)', { timeout: 8000 }, async () => {
    // Slower than this test may take, had a route waited for the mail server: it fails by timing out.
    const smtp = await startSmtpTestServer();
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) });
    try {
      const server = await start({
        EMAIL_OTP: 'on',
        MAGIC_LINK: 'on',
        SMTP_URL: proxy.through(smtp.url),
        MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>',
      });
      const post = (path: string, body: object) =>
        fetch(`${server.url}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify(body),
        });
      const known = 'known@example.com';
      expect((await post('/sign-up/email', { email: known, password: PASSWORD, name: 'Known' })).status).toBe(
        200,
      );
      await smtp.waitFor((m) => m.to.includes(known));

      proxy.hang();
      for (const email of [known, 'unknown@example.com']) {
        for (const [path, body] of [
          ['/email-otp/request-password-reset', { email }],
          ['/forget-password/email-otp', { email }],
          ['/email-otp/send-verification-otp', { email, type: 'forget-password' }],
          ['/email-otp/send-verification-otp', { email, type: 'email-verification' }],
        ] as const) {
          const response = await post(path, body);
          expect(await response.json()).toEqual({ success: true });
        }
      }
      // Queued, not lost: once the mail server answers again, the account's codes arrive.
      proxy.restore();
      await smtp.waitFor((m) => m.to.includes(known) && m.subject === 'Your code to reset your password');
      expect(smtp.messages.filter((m) => m.to.includes('unknown@example.com'))).toEqual([]);
    } finally {
      await proxy.close();
      await smtp.close();
    }
  });
});
