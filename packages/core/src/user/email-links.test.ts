import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.ts';
import { connectDatabase } from '../db/connect.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { startTestServer, TEST_SECRET, type TestServer } from '../testing/test-server.ts';

const APP = 'https://app.example.test';

/** `callbackURL` of an emailed link: where it lands once the engine checked its token. */
const landingOf = (link: string) => new URL(link).searchParams.get('callbackURL');

describe('emailLinks: where emailed links land when the client named no page', () => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      mailer,
      trustedOrigins: [APP],
      user: { changeEmail: { enabled: true } },
      emailLinks: {
        verifyEmail: `${APP}/verified`,
        resetPassword: `${APP}/reset-password`,
        changeEmail: `${APP}/email-changed`,
      },
    });
  });
  afterAll(() => server.close());

  it('verification: the configured page, and the page a client names wins', async () => {
    const client = server.client();
    await client.signUp('links-verify@example.test');
    await client.post('/send-verification-email', { email: 'links-verify@example.test' });
    expect(landingOf(mailer.last('links-verify@example.test', 'verification').link)).toBe(`${APP}/verified`);
    await client.post('/send-verification-email', {
      email: 'links-verify@example.test',
      callbackURL: '/mine',
    });
    expect(landingOf(mailer.last('links-verify@example.test', 'verification').link)).toBe('/mine');
  });

  it('reset: the configured page, where the token arrives', async () => {
    await server.client().signUp('links-reset@example.test');
    await server.client().post('/request-password-reset', { email: 'links-reset@example.test' });
    const link = mailer.last('links-reset@example.test', 'password-reset').link;
    expect(landingOf(link)).toBe(`${APP}/reset-password`);
    const landed = await fetch(link, { redirect: 'manual' });
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toMatch(new RegExp(`^${APP}/reset-password\\?token=\\w+$`));
  });

  it('email change: the configured page on the confirmation', async () => {
    const client = server.client();
    await client.signUp('links-change@example.test');
    expect((await client.post('/change-email', { newEmail: 'links-changed@example.test' })).status).toBe(200);
    expect(landingOf(mailer.last('links-changed@example.test').link)).toBe(`${APP}/email-changed`);
  });
});

describe('emailLinks must be trusted', () => {
  it.each([
    ['another origin', { resetPassword: 'https://evil.example.net/reset' }],
    ['a protocol-relative URL', { verifyEmail: '//evil.example.net/' }],
    ['a scheme the redirect would run', { changeEmail: 'javascript:alert(1)' }],
  ])('refuses %s at start-up', (_, emailLinks) => {
    const database = connectDatabase(':memory:');
    try {
      expect(() =>
        createAuth({ secret: TEST_SECRET, baseURL: 'https://auth.example.test', database, emailLinks }),
      ).toThrow(/emailLinks\.\w+ .* is not on a trusted origin/);
    } finally {
      void database.close();
    }
  });
});
