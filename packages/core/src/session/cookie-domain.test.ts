import { afterEach, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../create-auth.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase } from '../db/schema.ts';
import type { AuthOptions } from '../options.ts';
import { checkedAuth } from '../testing/answer-checker.ts';
import { testPasswordHasher } from '../testing/cheap-password-hasher.ts';
import { TEST_SECRET } from '../testing/test-server.ts';

const BASE = 'https://auth.example.test';
const APP = 'https://app.example.test';
const open: AuthDatabase[] = [];
/** Each engine's answers are held to its OpenAPI document, as behind startTestServer. */
const conformance: (() => void)[] = [];

/** An engine on a real host name; requests go straight to its handler (no socket needed). */
async function engine(baseURL: string, advanced: AuthOptions['advanced']): Promise<Auth> {
  const database = connectDatabase(':memory:');
  open.push(database);
  await migrateDatabase(database);
  const checked = await checkedAuth(
    createAuth({
      secret: TEST_SECRET,
      baseURL,
      database,
      trustedOrigins: [APP],
      rateLimit: { enabled: false },
      emailAndPassword: { password: testPasswordHasher },
      advanced,
      logError: () => {},
    }),
  );
  conformance.push(checked.assertConforms);
  return checked.auth;
}

afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const assertConforms of conformance.splice(0)) assertConforms();
});

function post(auth: Auth, path: string, body: unknown, cookie?: string) {
  const base = auth.options.baseURL;
  return auth.handler(
    new Request(`${base}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

async function signUp(auth: Auth, rememberMe = true) {
  const response = await post(auth, '/sign-up/email', {
    name: 'Domain',
    email: `domain-${Math.random()}@example.test`,
    password: 'correct horse battery',
    rememberMe,
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie();
}

/** Everything after the value: the attributes, in the order they were written. */
const attributesOf = (header: string) => header.slice(header.indexOf(';'));

describe('COOKIE_DOMAIN: Domain on every auth cookie', () => {
  it("sets the session cookies with Domain, keeping __Secure-, Secure and SameSite=Lax, in Better Auth's attribute order", async () => {
    const auth = await engine(BASE, { crossSubDomainCookies: { enabled: true, domain: 'example.test' } });
    const cookies = await signUp(auth);
    expect(cookies.map((c) => c.slice(0, c.indexOf('=')))).toEqual([
      '__Secure-better-auth.session_token',
      '__Secure-better-auth.session_data',
    ]);
    for (const cookie of cookies)
      expect(attributesOf(cookie)).toMatch(
        /^; Max-Age=\d+; Domain=example\.test; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
  });

  it('clears them with the same Domain, or the shared cookie would survive sign-out', async () => {
    const auth = await engine(BASE, { crossSubDomainCookies: { enabled: true, domain: '.Example.test' } });
    const cookie = (await signUp(auth, false)).map((c) => c.split(';')[0]).join('; ');
    const response = await post(auth, '/sign-out', {}, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      '__Secure-better-auth.session_token=; Max-Age=0; Domain=example.test; Path=/; HttpOnly; Secure; SameSite=Lax',
      '__Secure-better-auth.session_data=; Max-Age=0; Domain=example.test; Path=/; HttpOnly; Secure; SameSite=Lax',
      '__Secure-better-auth.dont_remember=; Max-Age=0; Domain=example.test; Path=/; HttpOnly; Secure; SameSite=Lax',
    ]);
  });

  it('puts the Domain on the remember-me opt-out too', async () => {
    const auth = await engine(BASE, { crossSubDomainCookies: { enabled: true, domain: 'example.test' } });
    const dontRemember = (await signUp(auth, false)).find((c) => c.includes('dont_remember='));
    expect(dontRemember).toMatch(/; Domain=example\.test; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("defaults the domain to the base URL's host", async () => {
    const auth = await engine(BASE, { crossSubDomainCookies: { enabled: true } });
    for (const cookie of await signUp(auth)) expect(cookie).toContain('; Domain=auth.example.test;');
  });

  it('on http: no __Secure- prefix and no Secure, Domain all the same', async () => {
    const auth = await engine('http://auth.example.test:8080', {
      crossSubDomainCookies: { enabled: true, domain: 'example.test' },
    });
    const [token] = await signUp(auth);
    expect(token).toMatch(
      /^better-auth\.session_token=[^;]+; Max-Age=\d+; Domain=example\.test; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('sends no Domain when off (the default)', async () => {
    const auth = await engine(BASE, undefined);
    for (const cookie of await signUp(auth)) expect(cookie).not.toContain('Domain=');
  });

  it.each([
    ['another domain', 'other.test'],
    ['a domain that only ends like the host', 'ample.test'],
    ['a top-level name', 'test'],
    ['a name with a space', 'example .test'],
    ['a sub-domain of the host', 'x.auth.example.test'],
  ])('refuses %s at start-up', async (_, domain) => {
    await expect(engine(BASE, { crossSubDomainCookies: { enabled: true, domain } })).rejects.toThrow(
      /crossSubDomainCookies\.domain/,
    );
  });
});
