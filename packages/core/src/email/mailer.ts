import type { LogContext } from '../log-context.ts';

/**
 * The kinds of message the engine sends; each has a template in `templates.ts` (the security
 * notices in `security-notice-templates.ts`).
 */
export type EmailKind =
  | 'verification'
  | 'password-reset'
  | 'email-change'
  | 'account-deletion'
  | 'invitation'
  | 'two-factor-code'
  | 'sign-in-alert'
  | 'security-notice'
  | 'webhook-failing'
  | 'magic-link'
  | 'email-code';

/** One rendered message, ready for a transport. */
export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside, kept apart so the dev outbox can print and list it ('' when none). */
  link: string;
  /** A one-time code to type in (two-factor, emailed sign-in codes, a magic link's code), kept apart for the same reason. */
  code?: string;
}

/**
 * Where messages go. `send` resolves once the transport accepted the message and rejects when it
 * did not; callers decide per flow whether a failure reaches the client (the feature's note in docs/protocol/
 * says which).
 */
export interface Mailer {
  /** The context names the request that caused the message, for the host's log lines. */
  send(message: EmailMessage, context?: LogContext): Promise<void>;
}
