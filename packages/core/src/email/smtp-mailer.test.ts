import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server.ts';
import type { EmailMessage } from './mailer.ts';
import { createSmtpMailer, MailDeliveryError, type SmtpMailer } from './smtp-mailer.ts';
import { passwordResetEmail } from './templates.ts';

const FROM = 'Gatehouse <no-reply@gatehouse.test>';

// Over 200 characters, so quoted-printable folds the line it is on (at 76) and the receiver must
// unfold it; the `=` signs would be mangled by a careless QP encoder or decoder.
const LONG_LINK = `https://auth.example.com/api/auth/reset-password/${'tok3n_'.repeat(30)}?callbackURL=${encodeURIComponent('https://app.example.com/after/reset?x=1&y=2')}`;

const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  ...passwordResetEmail({ to: 'eve@example.com', name: 'Eve', url: LONG_LINK, language: 'en' }),
  ...overrides,
});

/** A port nothing listens on: bound, read, released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `smtp://user:pass@host:port` from the test server's credential-less URL. */
const withCredentials = (url: string, user: string, password: string) =>
  url.replace('smtp://', `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);

describe('SMTP mailer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  const start = async (options?: { rejectWith?: string }): Promise<SmtpTestServer> => {
    const server = await startSmtpTestServer(options);
    cleanups.push(() => server.close());
    return server;
  };
  const mailer = (url: string): SmtpMailer => {
    const created = createSmtpMailer({ url, from: FROM });
    cleanups.push(() => created.close());
    return created;
  };
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('delivers recipient, sender, subject, text and html', async () => {
    const server = await start();
    const sent = message();
    await mailer(server.url).send(sent);
    const received = await server.waitFor((m) => m.to.includes('eve@example.com'));
    expect(received.to).toEqual(['eve@example.com']);
    expect(received.from).toBe(FROM);
    expect(received.subject).toBe(sent.subject);
    expect(received.text.trimEnd()).toBe(sent.text);
    expect(received.html.trimEnd()).toBe(sent.html);
  });

  it('keeps a link of over 200 characters intact through quoted-printable folding', async () => {
    expect(LONG_LINK.length).toBeGreaterThan(200);
    const server = await start();
    await mailer(server.url).send(message());
    const received = await server.waitFor(() => true);
    expect(received.links).toEqual([LONG_LINK]);
  });

  it('extracts links without the punctuation that ends a sentence', async () => {
    const server = await start();
    await mailer(server.url).send(
      message({ text: 'Open https://a.example/x?y=1. Or (https://b.example/z), then https://c.example/!' }),
    );
    const received = await server.waitFor(() => true);
    expect(received.links).toEqual(['https://a.example/x?y=1', 'https://b.example/z', 'https://c.example/']);
  });

  it('logs in when the URL has credentials', async () => {
    const server = await start();
    await mailer(withCredentials(server.url, 'mailer', 's3cret')).send(message());
    expect((await server.waitFor(() => true)).subject).toBe(message().subject);
  });

  it('rejects when the server refuses the message, naming the refusal but not the password', async () => {
    const server = await start({ rejectWith: 'Mailbox unavailable' });
    const password = 'secret-Pa55word';
    const failure = await mailer(withCredentials(server.url, 'user', password))
      .send(message())
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(MailDeliveryError);
    const error = failure as MailDeliveryError;
    expect(error.message).toContain('550');
    expect(error.message).toContain('Mailbox unavailable');
    expect(error.message).toContain('password-reset');
    expect(error.responseCode).toBe(550);
    expect(error.message).not.toContain(password);
    expect(JSON.stringify(error)).not.toContain(password);
    expect(server.messages).toEqual([]);
  });

  it('keeps the password out even when the server echoes it back', async () => {
    const password = 'p@ss word/with:odd chars';
    const server = await start({ rejectWith: `no thanks, ${password}` });
    const error = await mailer(withCredentials(server.url, 'user', password))
      .send(message())
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('no thanks, [redacted]');
    expect((error as Error).message).not.toContain(password);
    expect((error as Error).message).not.toContain(encodeURIComponent(password));
  });

  it('rejects when nothing listens on the port', async () => {
    const port = await closedPort();
    const error = await mailer(`smtp://user:hunter22@127.0.0.1:${port}`)
      .send(message())
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).message).toContain(`127.0.0.1:${port}`);
    expect((error as MailDeliveryError).message).toContain('ECONNREFUSED');
    expect((error as MailDeliveryError).message).not.toContain('hunter22');
  });

  it('refuses an unparsable URL without repeating it', () => {
    expect(() => createSmtpMailer({ url: 'smtp://user:hunter22@[bad', from: FROM })).toThrow(
      /^(?!.*hunter22).*not a valid URL/,
    );
  });
});

describe('SMTP test server', () => {
  it('waitFor rejects after its timeout, saying what it received', async () => {
    const server = await startSmtpTestServer();
    try {
      await expect(server.waitFor(() => false, 50)).rejects.toThrow(
        /no matching mail within 50 ms; received 0/,
      );
    } finally {
      await server.close();
    }
  });

  it('waitFor resolves with a message that arrives later', async () => {
    const server = await startSmtpTestServer();
    const mailer = createSmtpMailer({ url: server.url, from: FROM });
    try {
      const waiting = server.waitFor((m) => m.to.includes('late@example.com'));
      await mailer.send(message({ to: 'late@example.com' }));
      expect((await waiting).to).toEqual(['late@example.com']);
    } finally {
      mailer.close();
      await server.close();
    }
  });
});
