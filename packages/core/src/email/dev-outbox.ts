import { randomUUID } from 'node:crypto';
import type { LogContext } from '../log-context.ts';
import type { EmailKind, EmailMessage, Mailer } from './mailer.ts';

/** One message the dev outbox kept, as `/dev/outbox` lists it. */
export interface OutboxEntry {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  link: string;
  /** Present for messages that carry a code instead of a link. */
  code?: string;
  text: string;
  html: string;
  /** ISO 8601, from the wall clock: only a developer reads it. */
  sentAt: string;
}

export interface DevOutbox extends Mailer {
  /** Newest first. Copies, so a caller cannot change what the outbox holds. */
  list(): OutboxEntry[];
  clear(): void;
}

export interface DevOutboxOptions {
  /** How many messages to keep; the oldest go first. Default 100. */
  capacity?: number;
  /** Where each message is announced, with the request that caused it; default console.log. */
  log?: (line: string, context?: LogContext) => void;
}

/**
 * A mailer for development without an SMTP server: it keeps the last messages in memory and
 * prints each action link, so the developer can click it straight from the terminal. Bounded, so
 * a long-running dev server (or a script that signs up many users) does not grow without limit.
 */
export function createDevOutbox(options: DevOutboxOptions = {}): DevOutbox {
  const capacity = options.capacity ?? 100;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new Error(`dev outbox capacity must be a positive whole number, got ${capacity}`);
  const log = options.log ?? ((line: string) => console.log(line));
  // Oldest first internally, so adding is a push and dropping is a shift.
  const entries: OutboxEntry[] = [];

  return {
    async send(message: EmailMessage, context?: LogContext): Promise<void> {
      entries.push({
        id: randomUUID(),
        kind: message.kind,
        to: message.to,
        subject: message.subject,
        link: message.link,
        ...(message.code !== undefined ? { code: message.code } : {}),
        text: message.text,
        html: message.html,
        sentAt: new Date().toISOString(),
      });
      if (entries.length > capacity) entries.shift();
      // The link (or code) goes last and alone, so terminals detect it without trailing punctuation.
      log(`mail: ${message.kind} to ${message.to}: ${message.code ?? message.link}`, context);
    },
    list: () => entries.map((entry) => ({ ...entry })).reverse(),
    clear: () => {
      entries.length = 0;
    },
  };
}
