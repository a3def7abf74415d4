/**
 * The rule every route of a full-featured engine is limited by, recorded through the engine's own
 * limiter: the sign-in rule (3 per 10 s) for everything that checks a secret the caller types, the
 * email rule (3 per 60 s) for what sends mail, and the default for the rest. Paths no route answers
 * are counted as one unknown route under the default, whatever they look like: a rule is found by
 * the route a request matched, never by the raw path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

type Kind = 'sign-in' | 'email' | 'default';

const limited: Record<string, Kind> = {
  '/sign-up/email': 'sign-in',
  '/sign-in/email': 'sign-in',
  '/sign-in/username': 'sign-in',
  '/sign-in/social': 'sign-in',
  '/change-password': 'sign-in',
  '/verify-password': 'sign-in',
  '/change-email': 'sign-in',
  '/delete-user': 'sign-in',
  '/two-factor/enable': 'sign-in',
  '/two-factor/disable': 'sign-in',
  '/two-factor/get-totp-uri': 'sign-in',
  '/two-factor/verify-totp': 'sign-in',
  '/two-factor/send-otp': 'sign-in',
  '/two-factor/verify-otp': 'sign-in',
  '/two-factor/generate-backup-codes': 'sign-in',
  '/two-factor/verify-backup-code': 'sign-in',
  '/passkey/verify-authentication': 'sign-in',
  '/passkey/reauthenticate': 'sign-in',
  '/send-verification-email': 'email',
  '/request-password-reset': 'email',
  '/sign-in/magic-link': 'email',
  '/magic-link/verify': 'sign-in',
  '/magic-link/verify-code': 'sign-in',
  '/email-otp/send-verification-otp': 'email',
  '/email-otp/request-password-reset': 'email',
  '/forget-password/email-otp': 'email',
  '/sign-in/email-otp': 'sign-in',
  '/email-otp/verify-email': 'sign-in',
  '/email-otp/check-verification-otp': 'sign-in',
  '/email-otp/reset-password': 'sign-in',
};

const unknown = [
  '/nope',
  '/sign-in/anything',
  '/sign-up/anything',
  '/change-email/extra',
  '/two-factor/unknown',
  '/passkey/verify-authentication/extra',
  '/request-password-reset/extra',
  '/forget-password',
];

describe('built-in rate-limit rules of every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      // A default far above the built-in rules' 3, so four requests tell them apart.
      rateLimit: { enabled: true, window: 10, max: 1000 },
      admin: { enabled: true },
      jwt: { enabled: true },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      twoFactor: { enabled: true },
      passkey: {},
      mailer: new CaptureMailer(),
      magicLink: {},
      emailOtp: {},
      username: {},
      multiSession: {},
    });
  });
  afterAll(() => server.close());

  /** Four requests, then one more 11 s later: the sign-in rule has forgotten the first by then. */
  const kindOf = async (method: string, path: string): Promise<Kind> => {
    const url = `${server.url}${server.auth.options.basePath}${path.replace(/:\w+/g, 'x')}`;
    const send = async () => (await fetch(url, { method })).status;
    const statuses = [await send(), await send(), await send(), await send()];
    server.clock.advance(11);
    statuses.push(await send());
    if (statuses[3] !== 429) return 'default';
    return statuses[4] === 429 ? 'email' : 'sign-in';
  };

  it('limits each route of the table as recorded', async () => {
    // Counters are per route path, whatever the method: one request method per path is enough.
    const methods = new Map(server.auth.routes.map((route) => [route.path, route.method]));
    const paths = [...methods.keys()];
    expect(paths.length).toBeGreaterThan(100);
    for (const path of Object.keys(limited)) expect(paths).toContain(path);
    const found: Record<string, Kind> = {};
    for (const [path, method] of methods) found[path] = await kindOf(method, path);
    const expected = Object.fromEntries(paths.map((path) => [path, limited[path] ?? 'default']));
    expect(found).toEqual(expected);
  });

  it('limits paths no route answers by the default, like a sign-in path or not', async () => {
    for (const path of unknown) expect(await kindOf('POST', path), path).toBe('default');
  });
});
