import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOrg, freshEmail, person, startOrgServer } from '../features/organization/test-kit.ts';
import { challenged, PASSWORD, startTwoFactorServer } from '../features/two-factor/test-kit.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import {
  counterBackends,
  type Extra,
  serversOf,
  sharedBackends,
  stableHeaders,
} from '../testing/counter-backends.ts';
import { errorOf, startTestServer } from '../testing/test-server.ts';

const HOUR = 3600;

describe.each(counterBackends)('mail budget: $name', (backend) => {
  const servers = serversOf(backend);
  /** A server on the backend whose addresses may each receive `max` messages an hour. */
  const start = async (max: number, extra: Extra = {}) => {
    const mailer = new CaptureMailer();
    const server = await startTestServer(backend.dialect, {
      mailer,
      mailBudget: { perRecipient: { window: HOUR, max } },
      ...extra,
      ...backend.options(),
    });
    servers.push(server);
    return { server, mailer };
  };

  it('invite-member with resend: the default 10 messages an hour reach the address, then 429 with Retry-After', async () => {
    const mailer = new CaptureMailer();
    const server = await startOrgServer(backend.dialect, {}, { mailer, ...backend.options() });
    servers.push(server);
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const invitee = freshEmail('invitee');
    const invite = () =>
      owner.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: invitee,
        role: 'member',
        resend: true,
      });

    const answers: Response[] = [];
    for (let i = 0; i < 31; i++) answers.push(await invite());
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const refused of answers.slice(10)) {
      expect(await errorOf(refused)).toEqual({
        status: 429,
        code: 'TOO_MANY_EMAILS',
        message: 'Too many emails have been sent. Please try again later.',
      });
      // The budget's window restarts with each message let through: a full hour after the 10th.
      expect(refused.headers.get('retry-after')).toBe(String(HOUR));
      expect(refused.headers.get('x-retry-after')).toBe(String(HOUR));
    }
    expect(mailer.count(invitee)).toBe(10);
    // Refused resends kept the one invitation.
    const rows = await server.database.db
      .selectFrom('invitation')
      .selectAll()
      .where('email', '=', invitee)
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['pending']);

    server.clock.advance(HOUR);
    expect((await invite()).status).toBe(200);
    expect(mailer.count(invitee)).toBe(11);
  });

  it('a new invitation past the inviter’s budget is refused and not kept; other inviters are not limited', async () => {
    const mailer = new CaptureMailer();
    const server = await startOrgServer(
      backend.dialect,
      {},
      { mailer, mailBudget: { perSender: { window: HOUR, max: 3 } }, ...backend.options() },
    );
    servers.push(server);
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const invite = (email: string) =>
      owner.client.post('/organization/invite-member', { organizationId: org.id, email, role: 'member' });

    for (let i = 0; i < 3; i++) expect((await invite(freshEmail('invitee'))).status).toBe(200);
    const fourth = freshEmail('invitee');
    const refused = await invite(fourth);
    expect((await errorOf(refused)).code).toBe('TOO_MANY_EMAILS');
    expect(refused.headers.get('retry-after')).toBe(String(HOUR));
    expect(mailer.count(fourth)).toBe(0);
    // Undelivered means not invited: the inviter can try again once the hour has passed.
    const kept = await server.database.db
      .selectFrom('invitation')
      .select('id')
      .where('email', '=', fourth)
      .execute();
    expect(kept).toEqual([]);
    expect(mailer.sent.filter((message) => message.kind === 'invitation')).toHaveLength(3);
  });

  it('request-password-reset: past the budget a known address is answered exactly as an unknown one, and not mailed', async () => {
    const { server, mailer } = await start(2);
    const known = freshEmail('known');
    await server.client().signUp(known);
    const unknown = freshEmail('unknown');
    const ask = (email: string) =>
      server.client().post('/request-password-reset', { email, redirectTo: '/reset' });

    for (let i = 0; i < 5; i++) {
      const [forKnown, forUnknown] = [await ask(known), await ask(unknown)];
      expect(forKnown.status).toBe(200);
      expect(stableHeaders(forKnown)).toEqual(stableHeaders(forUnknown));
      expect(await forKnown.text()).toBe(await forUnknown.text());
    }
    // The messages leave without holding the answer: wait until the mailer has had them all.
    for (let i = 0; i < 50 && mailer.count(known) < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(mailer.count(known)).toBe(2);
    expect(mailer.count(unknown)).toBe(0);
  });

  it('send-verification-email: refused with 429 when signed in, silently not sent when anonymous', async () => {
    const { server, mailer } = await start(1);
    const email = freshEmail('unverified');
    const client = server.client();
    await client.signUp(email);
    expect((await client.post('/send-verification-email', { email })).status).toBe(200);
    const refused = await client.post('/send-verification-email', { email });
    expect((await errorOf(refused)).code).toBe('TOO_MANY_EMAILS');
    expect(refused.headers.get('retry-after')).toBe(String(HOUR));

    const anonymous = await server.client().post('/send-verification-email', { email });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ status: true });
    expect(mailer.count(email)).toBe(1);
  });
  it('change-email: a taken address spends the budget as a free one does, so a 429 tells them not apart', async () => {
    const { server, mailer } = await start(1, { user: { changeEmail: { enabled: true } } });
    const taken = freshEmail('taken');
    await server.client().signUp(taken);
    const free = freshEmail('free');
    const answers: Record<string, number[]> = {};
    for (const newEmail of [taken, free]) {
      answers[newEmail] = [];
      // Two people ask to move to the address; unverified, each would get the link there.
      for (const label of ['first', 'second']) {
        const client = server.client();
        await client.signUp(freshEmail(label));
        const response = await client.post('/change-email', { newEmail });
        answers[newEmail]?.push(response.status);
        if (response.status === 429) expect((await errorOf(response)).code).toBe('TOO_MANY_EMAILS');
      }
    }
    expect(answers).toEqual({ [taken]: [200, 429], [free]: [200, 429] });
    expect(mailer.count(taken)).toBe(0);
    expect(mailer.count(free)).toBe(1);
  });

  it('send-otp past the budget: 429, and the code already sent still works', async () => {
    const server = await startTwoFactorServer(backend.dialect, {
      mailBudget: { perRecipient: { window: HOUR, max: 2 } },
      ...backend.options(),
    });
    servers.push(server);
    const email = freshEmail('otp');
    const owner = server.client();
    await owner.signUp(email, PASSWORD);
    expect((await owner.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
    const { client } = await challenged(server, email);
    expect((await client.post('/two-factor/send-otp', {})).status).toBe(200);
    expect((await client.post('/two-factor/send-otp', {})).status).toBe(200);
    const code = server.mailer.last(email, 'two-factor-code').code;
    const refused = await client.post('/two-factor/send-otp', {});
    expect((await errorOf(refused)).code).toBe('TOO_MANY_EMAILS');
    expect(refused.headers.get('retry-after')).toBe(String(HOUR));
    expect(server.mailer.count(email)).toBe(2);
    expect((await client.post('/two-factor/verify-otp', { code })).status).toBe(200);
  });

  it('a security notice past the budget is dropped; the sign-in it tells of goes on', async () => {
    const { server, mailer } = await start(1, { signInAlerts: { enabled: true } });
    const email = freshEmail('alerted');
    const { user } = await server.client().signUp(email);
    // Each new browser and address signs in: a notice each, of which the budget lets one through.
    for (const agent of ['Firefox/120.0', 'Chrome/120.0', 'OPR/100.0']) {
      const signedIn = await server
        .client()
        .post(
          '/sign-in/email',
          { email, password: 'correct horse battery' },
          { headers: { 'user-agent': agent } },
        );
      expect(signedIn.status).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 50));
    // Three new devices, three notices attempted, one let through.
    const devices = await server.database.db
      .selectFrom('knownDevice')
      .select('fingerprint')
      .where('userId', '=', user.id)
      .execute();
    expect(devices).toHaveLength(4);
    expect(mailer.sent.filter((message) => message.to === email).map((message) => message.kind)).toEqual([
      'sign-in-alert',
    ]);
  });
});

describe.each(sharedBackends)('mail budget across two servers: $name', (backend) => {
  const servers = serversOf(backend);

  it('the budget one server spent holds on the other', async () => {
    const mailer = new CaptureMailer();
    const extra = { mailer, mailBudget: { perRecipient: { window: HOUR, max: 2 } } };
    const first = await startTestServer(backend.dialect, { ...extra, ...backend.options() });
    servers.push(first);
    const second = await startTestServer(backend.dialect, { ...extra, ...backend.options() });
    servers.push(second);
    const email = freshEmail('twice');
    const a = first.client();
    await a.signUp(email);
    const b = second.client();
    await b.signUp(email);
    expect((await a.post('/send-verification-email', { email })).status).toBe(200);
    expect((await b.post('/send-verification-email', { email })).status).toBe(200);
    expect((await errorOf(await a.post('/send-verification-email', { email }))).code).toBe('TOO_MANY_EMAILS');
    expect((await errorOf(await b.post('/send-verification-email', { email }))).code).toBe('TOO_MANY_EMAILS');
    expect(mailer.count(email)).toBe(2);
  });
});

describe('mail budget: the one way out', () => {
  it('no engine module hands a message to a mailer except email/deliver.ts', () => {
    const root = dirname(dirname(new URL(import.meta.url).pathname));
    const files = (directory: string): string[] =>
      readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) return entry.name === 'testing' ? [] : files(path);
        return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
      });
    const sending = files(root)
      .filter((file) => /\.send\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(sending).toEqual(['email/deliver.ts']);
  });
});
