import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the test server received and parsed it. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), bare addresses. */
  to: string[];
  /** The From header, e.g. `Gatehouse <no-reply@localhost>` (display name unquoted). */
  from: string;
  subject: string;
  /** The decoded text part (quoted-printable and line folding undone); '' if there was none. */
  text: string;
  /** The decoded HTML part; '' if there was none. */
  html: string;
  /** Every http(s) URL in the text part, in order, without trailing punctuation. */
  links: string[];
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:{port}`, ready for `createSmtpMailer`; credentials may be added, any are accepted. */
  url: string;
  /** Every accepted message, oldest first. */
  messages: ReceivedMail[];
  /** The first message, received already or later, that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Refuse every message with `550 {rejectWith}`, to test how senders handle a refusal. */
  rejectWith?: string;
}

/**
 * A real SMTP server on loopback, so mail tests exercise the whole path (nodemailer, the SMTP
 * dialogue, MIME encoding and decoding) rather than a stub. Plain text only and any login
 * accepted: it is reached over 127.0.0.1 by tests alone.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    // No certificate to offer, and clients must not try to upgrade.
    disabledCommands: ['STARTTLS'],
    // Without this, smtp-server refuses AUTH on a connection that is not encrypted.
    allowInsecureAuth: true,
    logger: false,
    // Tests close the server right after their last message; do not linger on idle sockets.
    closeTimeout: 100,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      receive(stream, session, options.rejectWith).then(
        (mail) => {
          messages.push(mail);
          for (const waiter of waiters) waiter(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const subjects = messages.map((m) => `'${m.subject}' to ${m.to.join(', ')}`).join('; ');
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received ${messages.length}` +
                (subjects ? `: ${subjects}` : ''),
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads one message off the DATA stream; with `rejectWith`, reads it and then refuses it. */
async function receive(
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  rejectWith: string | undefined,
): Promise<ReceivedMail> {
  // The stream is parsed in full either way: smtp-server only answers once it has been read.
  const parsed = await simpleParser(stream);
  if (rejectWith !== undefined) throw Object.assign(new Error(rejectWith), { responseCode: 550 });
  const text = parsed.text ?? '';
  return {
    to: session.envelope.rcptTo.map((r) => r.address),
    from: addressText(parsed.from),
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: findLinks(text),
  };
}

/** `Name <address>` or `address`, unquoted, so it compares equal to a configured MAIL_FROM. */
function addressText(header: AddressObject | AddressObject[] | undefined): string {
  const entries = (Array.isArray(header) ? header : header ? [header] : []).flatMap((h) => h.value);
  return entries
    .map(({ name, address }) => (name ? `${name} <${address ?? ''}>` : (address ?? '')))
    .join(', ');
}

/** URLs end at whitespace or a delimiter; sentence punctuation right after one is not part of it. */
function findLinks(text: string): string[] {
  const matches = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return matches.map((url) => url.replace(/[.,;:!?)\]}]+$/, ''));
}
