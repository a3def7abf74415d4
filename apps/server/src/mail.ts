import {
  createDevOutbox,
  createSmtpMailer,
  type DevOutbox,
  type LogContext,
  type Mailer,
} from '@gatehouse/core';
import type { Config } from './config.ts';

export interface ServerMail {
  /** Absent in production without SMTP: email flows are then off rather than leaking links to logs. */
  mailer: Mailer | undefined;
  /** Set when the dev outbox may be listed over HTTP: development without SMTP. */
  devOutbox: DevOutbox | undefined;
  close(): void;
}

/**
 * SMTP when configured; otherwise the dev outbox, so a fresh checkout can verify emails and
 * reset passwords by clicking links printed in the terminal. Says at start-up which one is used.
 */
export function createMailer(
  config: Pick<Config, 'smtpURL' | 'mailFrom' | 'production'>,
  log: (line: string, context?: LogContext) => void,
): ServerMail {
  if (config.smtpURL) {
    const mailer = createSmtpMailer({ url: config.smtpURL, from: config.mailFrom });
    log(`mail: SMTP ${smtpServer(config.smtpURL)}`);
    return { mailer, devOutbox: undefined, close: () => mailer.close() };
  }
  if (config.production) {
    // Links in messages act on accounts; in production they must never end up in a log.
    log('mail: off (set SMTP_URL and MAIL_FROM to send verification and reset emails)');
    return { mailer: undefined, devOutbox: undefined, close: () => {} };
  }
  const outbox = createDevOutbox({ log });
  log('mail: dev outbox (messages are printed here and listed at /dev/outbox)');
  return { mailer: outbox, devOutbox: outbox, close: () => {} };
}

/** `host:port` only: the URL's user and password must not reach the log. */
function smtpServer(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return `${parsed.hostname}:${port}`;
}
