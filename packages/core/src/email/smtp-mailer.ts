import { createTransport } from 'nodemailer';
import type { EmailMessage, Mailer } from './mailer.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; nodemailer options may follow as a query string. */
  url: string;
  /** The sender, `address@host` or `Name <address@host>`. */
  from: string;
}

export interface SmtpMailer extends Mailer {
  /** Ends open SMTP connections, so the process can exit. */
  close(): void;
}

/** Why a message was not delivered; the message never holds the SMTP credentials. */
export class MailDeliveryError extends Error {
  /** nodemailer's code, e.g. ECONNECTION, EAUTH, EENVELOPE, EMESSAGE. */
  readonly code: string | undefined;
  /** The SMTP reply code when the server refused, e.g. 550. */
  readonly responseCode: number | undefined;
  constructor(message: string, code: string | undefined, responseCode: number | undefined) {
    super(message);
    this.name = 'MailDeliveryError';
    this.code = code;
    this.responseCode = responseCode;
  }
}

/**
 * Sends through an SMTP server. nodemailer's defaults wait up to two minutes for a connection,
 * and some flows wait for the send before answering the HTTP request, so shorter limits apply
 * unless the URL's query string sets its own (URL settings win in nodemailer).
 */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): SmtpMailer {
  const { server, secrets } = describe(url);
  const transport = createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });

  return {
    async send(message: EmailMessage): Promise<void> {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        const { code, responseCode, reason } = readFailure(error);
        // Built from scratch without `cause`: the original error may echo the transport's options.
        throw new MailDeliveryError(
          redact(`could not send the ${message.kind} email through ${server}: ${reason}`, secrets),
          code,
          responseCode,
        );
      }
    },
    close: () => transport.close(),
  };
}

/** The server as `host:port` for messages, and every form the credentials could take in text. */
function describe(url: string): { server: string; secrets: string[] } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL itself may hold the password, so it is not repeated here.
    throw new Error('SMTP URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
  }
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  // Longest first, so a decoded form that contains the raw one (or the reverse) is removed whole.
  const secrets = [parsed.password, safeDecode(parsed.password)]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
  return { server: `${parsed.hostname}:${port}`, secrets };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readFailure(error: unknown): { code?: string; responseCode?: number; reason: string } {
  if (!(error instanceof Error)) return { reason: String(error) };
  const details = error as Error & { code?: unknown; responseCode?: unknown };
  const code = typeof details.code === 'string' ? details.code : undefined;
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  return { code, responseCode, reason: code ? `${error.message} (${code})` : error.message };
}

/** A server may echo what it was sent; nothing the operator put in the URL's password leaves here. */
function redact(text: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}
