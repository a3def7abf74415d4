import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  present,
  type SmtpTestServer,
  startSmtpTestServer,
  totpCode,
  totpStep,
} from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';
import { productServers } from '../testing/product-servers.ts';

const AUTH_SECRET = 'a-logging-test-secret-of-more-than-32-characters';
const SMTP_PASSWORD = 'smtp-password-never-logged';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase for logs';
const MAIL_FROM = 'Gatehouse <no-reply@gatehouse.test>';

interface LogEntry {
  time?: number;
  pid?: number;
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  err?: { message?: string };
}

let smtp: SmtpTestServer;
let server: RunningServer;
let baseURL: string;
let dataDir: string;
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);
const accessLines = () => entries().filter((entry) => entry.msg === 'request');

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-logging-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const smtpURL = new URL(smtp.url);
  smtpURL.username = 'mailer';
  smtpURL.password = SMTP_PASSWORD;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      RATE_LIMIT: 'off',
      SMTP_URL: smtpURL.href,
      MAIL_FROM,
      TWO_FACTOR: 'on',
      // Deletion by emailed link, so its token passes through the server too.
      ACCOUNT_DELETION: 'email',
      // Everything the server can say, so nothing hides below the level.
      LOG_LEVEL: 'trace',
      LOG_FORMAT: 'json',
    }),
    (line) => lines.push(line),
  );
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** POSTs JSON with the browser's cookies and Origin. */
const post = (browser: ReturnType<typeof browserFetch>, path: string, body: unknown, headers = {}) =>
  browser.fetch(`${baseURL}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const linkTo = async (email: string, subject: string) =>
  present((await smtp.waitFor((m) => m.to.includes(email) && m.subject === subject)).links[0]);

describe('structured logs', () => {
  it('sign-up, verification, sign-in, reset and sign-out leave no password, token, code, cookie or secret in the log', async () => {
    const secrets = new Set([AUTH_SECRET, SMTP_PASSWORD, PASSWORD, NEW_PASSWORD]);
    const email = `logs-${Date.now()}@example.com`;
    const browser = browserFetch(baseURL);

    const signUp = await post(browser, '/sign-up/email', { email, password: PASSWORD, name: 'Lou' });
    expect(signUp.status).toBe(200);
    secrets.add(present(((await signUp.json()) as { token: string }).token));

    const verifyLink = await linkTo(email, 'Verify your email address');
    secrets.add(present(new URL(verifyLink).searchParams.get('token')));
    expect((await browser.fetch(verifyLink, { redirect: 'manual' })).status).toBe(302);

    const signIn = await post(browserFetch(baseURL), '/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const wrong = await post(browserFetch(baseURL), '/sign-in/email', { email, password: 'not it at all' });
    expect(wrong.status).toBe(401);
    secrets.add('not it at all');

    const stranger = browserFetch(baseURL);
    expect((await post(stranger, '/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(
      200,
    );
    const resetLink = await linkTo(email, 'Reset your password');
    const resetToken = present(resetLink.match(/\/reset-password\/([^?]+)\?/)?.[1]);
    secrets.add(resetToken);
    expect((await stranger.fetch(resetLink, { redirect: 'manual' })).status).toBe(302);
    const reset = await post(stranger, '/reset-password', { newPassword: NEW_PASSWORD, token: resetToken });
    expect(reset.status).toBe(200);

    const again = browserFetch(baseURL);
    expect((await post(again, '/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(200);
    for (const value of again.cookies.values()) secrets.add(decodeURIComponent(value).split('.')[0] ?? value);
    for (const value of browser.cookies.values())
      secrets.add(decodeURIComponent(value).split('.')[0] ?? value);
    expect((await post(again, '/sign-out', {})).status).toBe(200);

    const output = lines.join('\n');
    expect(accessLines().length).toBeGreaterThanOrEqual(9);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(12);
      expect(output).not.toContain(secret);
    }
    // Paths that carry tokens appear only as their templates.
    expect(accessLines().map((entry) => entry.route)).toContain('/api/auth/reset-password/:token');
    expect(output).not.toContain('/api/auth/reset-password/' + resetToken);
  });

  it('two-factor, email change and account deletion leave no secret, code or token in the log', async () => {
    const long = new Set([AUTH_SECRET, PASSWORD]);
    const codes = new Set<string>();
    const email = `factors-${Date.now()}@example.com`;
    const newEmail = `moved-${Date.now()}@example.com`;
    const owner = browserFetch(baseURL);
    const expectOk = async (response: Promise<Response>) => {
      const answer = await response;
      expect(answer.status, answer.url).toBe(200);
      return answer.json();
    };
    const open = async (browser: ReturnType<typeof browserFetch>, link: string) => {
      long.add(present(new URL(link).searchParams.get('token')));
      expect((await browser.fetch(link, { redirect: 'manual' })).status).toBe(302);
    };
    await expectOk(post(owner, '/sign-up/email', { email, password: PASSWORD, name: 'Two' }));
    await open(owner, await linkTo(email, 'Verify your email address'));

    // Enrolment: the authenticator's secret, the backup codes, and the first code.
    const enabled = (await expectOk(post(owner, '/two-factor/enable', { password: PASSWORD }))) as {
      totpURI: string;
      backupCodes: string[];
    };
    const secret = present(new URL(enabled.totpURI).searchParams.get('secret'));
    long.add(secret);
    for (const code of enabled.backupCodes) codes.add(code);
    const firstCode = totpCode(secret, totpStep(Date.now()));
    codes.add(firstCode);
    await expectOk(post(owner, '/two-factor/verify-totp', { code: firstCode }));

    // Sign-in with an emailed code, and with a backup code.
    const phone = browserFetch(baseURL);
    expect(await expectOk(post(phone, '/sign-in/email', { email, password: PASSWORD }))).toMatchObject({
      twoFactorRedirect: true,
    });
    await expectOk(post(phone, '/two-factor/send-otp', {}));
    const codeMail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Your sign-in code');
    const emailed = present(codeMail.text.match(/\b\d{6}\b/)?.[0]);
    codes.add(emailed);
    await expectOk(post(phone, '/two-factor/verify-otp', { code: emailed }));
    const tablet = browserFetch(baseURL);
    await expectOk(post(tablet, '/sign-in/email', { email, password: PASSWORD }));
    await expectOk(post(tablet, '/two-factor/verify-backup-code', { code: present(enabled.backupCodes[0]) }));

    // Email change: approved from the current address, then verified at the new one.
    await expectOk(post(phone, '/change-email', { newEmail, callbackURL: '/account' }));
    await open(phone, await linkTo(email, 'Confirm your new email address'));
    await open(phone, await linkTo(newEmail, 'Verify your email address'));

    // Deletion confirmed by the emailed link.
    await expectOk(post(phone, '/delete-user', { callbackURL: '/' }));
    await open(phone, await linkTo(newEmail, 'Confirm deleting your account'));
    expect(
      (await post(browserFetch(baseURL), '/sign-in/email', { email: newEmail, password: PASSWORD })).status,
    ).toBe(401);

    for (const browser of [owner, phone, tablet])
      for (const value of browser.cookies.values())
        long.add(decodeURIComponent(value).split('.')[0] ?? value);
    const output = lines.join('\n');
    for (const value of long) {
      expect(value.length).toBeGreaterThanOrEqual(12);
      expect(output).not.toContain(value);
    }
    // Short codes could match digits of a timestamp, a port or a duration by chance: they are
    // looked for in what the lines say, without those fields.
    const said = entries()
      .map(({ time: _time, pid: _pid, durationMs: _duration, reqId: _reqId, ...rest }) =>
        JSON.stringify(rest),
      )
      .join('\n');
    expect(codes.size).toBeGreaterThanOrEqual(3);
    for (const code of codes) expect(said).not.toContain(code);
  });

  it('writes one access line per request with method, route template, status, duration and request id', async () => {
    const before = accessLines().length;
    const response = await fetch(`${baseURL}/api/auth/reset-password/not-a-real-token?callbackURL=/x`, {
      redirect: 'manual',
      headers: { 'x-request-id': 'trace-abc.123_XYZ' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-abc.123_XYZ');
    const added = accessLines().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      level: 30,
      reqId: 'trace-abc.123_XYZ',
      method: 'GET',
      route: '/api/auth/reset-password/:token',
      status: response.status,
    });
    expect(present(added[0]).durationMs).toBeGreaterThanOrEqual(0);
    expect(lines.join('\n')).not.toContain('not-a-real-token');
  });

  it('names product routes by their template and unknown paths by one label', async () => {
    const before = accessLines().length;
    await fetch(`${baseURL}/ready`);
    await fetch(`${baseURL}/api/auth/no-such-route/secret-looking-segment`);
    const added = accessLines().slice(before);
    expect(added.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/ready', status: 200 },
      { method: 'GET', route: '(unmatched)', status: 404 },
    ]);
    expect(lines.join('\n')).not.toContain('secret-looking-segment');
  });

  it('generates a request id when the header is missing or malformed, and echoes it', async () => {
    for (const header of [
      undefined,
      '',
      'has space',
      'x'.repeat(129),
      'caf\u00e9',
      'semi;colon',
      '{"json":1}',
    ]) {
      const response = await fetch(`${baseURL}/health`, {
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      const echoed = present(response.headers.get('x-request-id'));
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      expect(present(accessLines().at(-1)).reqId).toBe(echoed);
    }
    const longest = 'a'.repeat(128);
    const response = await fetch(`${baseURL}/health`, { headers: { 'x-request-id': longest } });
    expect(response.headers.get('x-request-id')).toBe(longest);
  });

  const start = productServers('logging');
  /** A fresh server with its own captured lines. */
  async function logged(env: Record<string, string>) {
    const own: string[] = [];
    const running = await start({ AUTH_SECRET, ...env }, (line) => own.push(line));
    return { url: running.url, own, parsed: () => own.map((line) => JSON.parse(line) as LogEntry) };
  }

  it('puts the request id on every line written while the request is handled', async () => {
    const failing = await startSmtpTestServer({ rejectWith: 'mailbox unavailable' });
    try {
      const { url, own, parsed } = await logged({ SMTP_URL: failing.url, MAIL_FROM, LOG_FORMAT: 'json' });
      const response = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-request-id': 'sign-up-42' },
        body: JSON.stringify({ email: `fail-${Date.now()}@example.com`, password: PASSWORD, name: 'F' }),
      });
      expect(response.status).toBe(200);
      // The mail fails after the answer: wait for its error line.
      const deadline = Date.now() + 5000;
      const failure = () => parsed().find((entry) => entry.msg.includes('verification email'));
      while (!failure() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(failure()).toMatchObject({ level: 50, reqId: 'sign-up-42' });
      const ofRequest = parsed().filter((entry) => entry.reqId === 'sign-up-42');
      expect(ofRequest.map((entry) => entry.msg).sort()).toEqual(['request', present(failure()).msg].sort());
      expect(own.join('\n')).not.toContain(PASSWORD);
    } finally {
      await failing.close();
    }
  });

  it('LOG_LEVEL=warn leaves out the access lines', async () => {
    const { url, own } = await logged({ LOG_LEVEL: 'warn' });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(own).toEqual([]);
  });

  it("the dev outbox's link stays last on its line, after the request id", async () => {
    const { url, own } = await logged({});
    const email = `outbox-${Date.now()}@example.com`;
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'x-request-id': 'outbox-1' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'O' }),
    });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 5000;
    const line = () => own.find((entry) => entry.includes(`mail: verification to ${email}: `));
    while (!line() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(line()).toMatch(
      / INFO {2}\[outbox-1\] mail: verification to \S+: http:\/\/\S+\/verify-email\?token=\S+$/,
    );
  });

  it('development lines are readable: time, level, message, then the fields', async () => {
    const { url, own } = await logged({});
    await fetch(`${url}/health`, { headers: { 'x-request-id': 'pretty-1' } });
    expect(own.at(-1)).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[pretty-1\] request method=GET route=\/health status=200 durationMs=[\d.]+$/,
    );
  });
});
