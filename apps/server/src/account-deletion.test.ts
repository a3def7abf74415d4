import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, mailTo, type Product, startProduct } from './testing/mail-product.ts';

/**
 * ACCOUNT_DELETION=immediate|email on the running product (docs/configuration.md): the deletion
 * and its events, read back through the admin events route by a bootstrap admin.
 */
const PASSWORD = 'correct horse battery staple';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ADMIN = 'root@example.com';
const CONFIRM = 'Confirm deleting your account';

let counter = 0;
const freshEmail = () => `deletion-${++counter}-${Date.now()}@example.com`;

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;

/** Signs up and verifies the bootstrap admin's address, so it holds the admin role. */
async function signInAdmin(product: Product) {
  const admin = browser(product, AGENT);
  await admin.call('/sign-up/email', { email: ADMIN, password: PASSWORD, name: 'Root' });
  const link = (await mailTo(product, ADMIN, 'Verify your email address')).links[0] ?? '';
  expect((await admin.open(link)).status).toBeLessThan(400);
  expect((await admin.call('/sign-in/email', { email: ADMIN, password: PASSWORD })).status).toBe(200);
  return admin;
}

async function eventsOf(admin: ReturnType<typeof browser>, userId: string): Promise<string[]> {
  const answer = (await (await admin.call(`/admin/events?targetId=${userId}`)).json()) as Json;
  return answer.events.map((event: Json) => event.type);
}

async function signedUp(product: Product) {
  const email = freshEmail();
  const person = browser(product, AGENT);
  const answer = (await (
    await person.call('/sign-up/email', { email, password: PASSWORD, name: 'Dana' })
  ).json()) as Json;
  return { email, person, userId: answer.user.id as string };
}

describe('ACCOUNT_DELETION=immediate (the default)', () => {
  let product: Product;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    product = await startProduct({ ADMIN_EMAILS: ADMIN });
    admin = await signInAdmin(product);
  });
  afterAll(() => product.close());

  it('deletes at once with the password, recorded as user.deleted, and says so in /api/config', async () => {
    const config = (await (await fetch(`${product.baseURL}/api/config`)).json()) as Json;
    expect(config.accountDeletion).toBe('immediate');
    const { email, person, userId } = await signedUp(product);
    const answer = await person.call('/delete-user', { password: PASSWORD });
    expect(await answer.json()).toEqual({ success: true, message: 'User deleted' });
    expect((await person.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect(await eventsOf(admin, userId)).toContain('user.deleted');
    expect(product.smtp.messages.filter((m) => m.to.includes(email) && m.subject === CONFIRM)).toEqual([]);
  });

  it('a wrong password deletes nothing', async () => {
    const { email, person } = await signedUp(product);
    const answer = await person.call('/delete-user', { password: 'not the password' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    expect((await person.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('ACCOUNT_DELETION=email', () => {
  let product: Product;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    product = await startProduct({ ADMIN_EMAILS: ADMIN, ACCOUNT_DELETION: 'email' });
    admin = await signInAdmin(product);
  });
  afterAll(() => product.close());

  it('emails the link first (user.deletion_requested), deletes when it is followed (user.deleted)', async () => {
    const config = (await (await fetch(`${product.baseURL}/api/config`)).json()) as Json;
    expect(config.accountDeletion).toBe('email');
    const { email, person, userId } = await signedUp(product);
    const answer = await person.call('/delete-user', { password: PASSWORD });
    expect(await answer.json()).toEqual({ success: true, message: 'Verification email sent' });
    // Nothing is deleted yet.
    expect((await browser(product, AGENT).call('/sign-in/email', { email, password: PASSWORD })).status).toBe(
      200,
    );
    const mine = (await (await person.call('/security/events?type=user.deletion_requested')).json()) as Json;
    expect(mine.events).toHaveLength(1);
    expect(await eventsOf(admin, userId)).not.toContain('user.deleted');

    const link = (await mailTo(product, email, CONFIRM)).links[0] ?? '';
    expect(new URL(link).pathname).toBe('/api/auth/delete-user/callback');
    expect((await person.open(link)).status).toBeLessThan(400);
    expect((await person.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    const types = await eventsOf(admin, userId);
    expect(types).toContain('user.deleted');
    expect(types).toContain('user.deletion_requested');
  });

  it('a wrong password sends nothing and records nothing', async () => {
    const { email, person } = await signedUp(product);
    const answer = await person.call('/delete-user', { password: 'not the password' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    const mine = (await (await person.call('/security/events?type=user.deletion_requested')).json()) as Json;
    expect(mine.events).toEqual([]);
    expect(product.smtp.messages.filter((m) => m.to.includes(email) && m.subject === CONFIRM)).toEqual([]);
  });

  it('malformed bodies are refused before anything is sent', async () => {
    const { email, person } = await signedUp(product);
    expect((await person.call('/delete-user', { password: 42 })).status).toBe(400);
    expect((await person.call('/delete-user', { password: 'x'.repeat(5000) })).status).toBe(400);
    expect(product.smtp.messages.filter((m) => m.to.includes(email) && m.subject === CONFIRM)).toEqual([]);
  });
});
