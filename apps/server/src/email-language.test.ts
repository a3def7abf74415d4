import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ReceivedMail,
  rawRequest,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import type { RunningServer } from './start-server.ts';
import { startCheckedServer } from './testing/checked-server.ts';
import { freePort } from './testing/free-port.ts';

/**
 * The language of an email follows the Accept-Language of the request that causes it, through the
 * real server and a real SMTP server (docs/email.md#languages). The HTTP answers stay the same in every language.
 */
const PASSWORD = 'correct horse battery staple';
const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

let server: RunningServer;
let smtp: SmtpTestServer;
let baseURL: string;
let dataDir: string;
let counter = 0;
const freshEmail = () => `language-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-email-language-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'an-email-language-test-secret-0123456789',
      RATE_LIMIT: 'off',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>',
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** POSTs JSON as a browser on the server's own page would, with these extra headers. */
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, ...headers },
    body: JSON.stringify(body),
  });

/** A new account, signed up with this Accept-Language (English unless told). */
async function account(name = 'Lena', language = 'en'): Promise<string> {
  const email = freshEmail();
  const body = { email, password: PASSWORD, name };
  const response = await post('/sign-up/email', body, { 'accept-language': language });
  expect(response.status).toBe(200);
  return email;
}

const mailTo = (email: string, kind: string): Promise<ReceivedMail> =>
  smtp.waitFor((m) => m.to.includes(email) && m.links.some((link) => link.includes(kind)));

/** Asks for a reset link with this Accept-Language; the answer must not depend on it. */
async function requestReset(email: string, headers: Record<string, string>): Promise<ReceivedMail> {
  const response = await post('/request-password-reset', { email, redirectTo: '/reset' }, headers);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(RESET_ANSWER);
  return mailTo(email, '/reset-password/');
}

describe('the language of an email', () => {
  it('is German for a password reset asked with Accept-Language: de-DE,de;q=0.9', async () => {
    const email = await account();
    const mail = await requestReset(email, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toMatch(/^Hallo Lena,\n/);
    expect(mail.text).toContain('Neues Passwort wählen:\n');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('kopieren Sie diese Adresse in Ihren Browser');
    expect(mail.links).toHaveLength(1);
  });

  it('is French for a password reset asked with Accept-Language: fr', async () => {
    const email = await account();
    const mail = await requestReset(email, { 'accept-language': 'fr' });
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(mail.text).toMatch(/^Bonjour Lena,\n/);
    expect(mail.text).toContain('Choisir un nouveau mot de passe\u00a0:\n');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('follows q-values rather than order', async () => {
    const email = await account();
    const mail = await requestReset(email, { 'accept-language': 'de;q=0.4, fr;q=0.8, en;q=0.1' });
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
  });

  it('is English for a language Gatehouse does not speak, and for fetch’s default (*)', async () => {
    const spanish = await account();
    expect((await requestReset(spanish, { 'accept-language': 'es-ES,es;q=0.9' })).subject).toBe(
      'Reset your password',
    );
    // Node's fetch sends `Accept-Language: *` when none is given.
    const anyLanguage = await account();
    const mail = await requestReset(anyLanguage, {});
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/^Hello Lena,\n/);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('is English when the request has no Accept-Language at all', async () => {
    const email = await account();
    const response = await rawRequest(
      `${baseURL}/api/auth/request-password-reset`,
      'POST',
      { 'content-type': 'application/json', origin: baseURL },
      JSON.stringify({ email, redirectTo: '/reset' }),
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual(RESET_ANSWER);
    const mail = await mailTo(email, '/reset-password/');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('of the verification email after sign-up is the sign-up request’s', async () => {
    const email = await account('Élise', 'fr-CA, en;q=0.5');
    const mail = await mailTo(email, '/verify-email?');
    expect(mail.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mail.text).toMatch(/^Bonjour Élise,\n/);
  });
});
