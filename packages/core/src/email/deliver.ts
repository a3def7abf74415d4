import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { retryAfterHeaders } from '../http/respond.ts';
import type { LogContext } from '../log-context.ts';
import { type MailCause, spendMailBudget } from './mail-budget.ts';
import type { EmailMessage } from './mailer.ts';

export type { MailCause } from './mail-budget.ts';

/** One message's budget, spent ahead of the message (`spendOrRefuse`): good for one message to `to`. */
export class Postage {
  #used = false;
  constructor(
    readonly to: string,
    readonly log: LogContext,
  ) {}

  /** Throws when spent already or meant for another address: a bug, not a refusal. */
  use(to: string): void {
    if (this.#used || to !== this.to) throw new Error('Postage is good for one message to its own address');
    this.#used = true;
  }
}

/**
 * The one way a message leaves the engine: its budgets are spent first (email/README.md), or were
 * (`postage`), then the configured mailer gets it (nothing is sent without one). Over budget it
 * rejects with 429 TOO_MANY_EMAILS and Retry-After, before the mailer sees anything; a transport
 * failure rejects with the transport's error.
 */
export async function sendMail(
  auth: AuthContext,
  message: EmailMessage,
  paid: MailCause | Postage,
): Promise<void> {
  const { mailer } = auth.options;
  if (!mailer) return;
  const postage = paid instanceof Postage ? paid : await spendOrRefuse(auth, message.to, paid);
  postage.use(message.to);
  await mailer.send(message, postage.log);
}

/**
 * Spends one message to `to` from the budgets, or throws 429 TOO_MANY_EMAILS with Retry-After.
 * Called ahead of the message when a refusal must come before the work that goes with it (a code
 * stored), and by a route that sends nothing for a reason it must not reveal, as if it had.
 */
export async function spendOrRefuse(auth: AuthContext, to: string, cause: MailCause): Promise<Postage> {
  const wait = await spendMailBudget(auth, to, cause);
  if (wait !== null) throw new AuthError('TOO_MANY_EMAILS', { headers: retryAfterHeaders(wait) });
  return new Postage(to, cause.log);
}

/**
 * Sends where the person waits for the message: a spent budget answers its 429, a transport
 * failure becomes 502 FAILED_TO_SEND_EMAIL (the cause is kept for the log, never sent to the client).
 */
export async function deliverOrFail(sending: Promise<void>): Promise<void> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError('FAILED_TO_SEND_EMAIL', { cause: error });
  }
}

/** Whether a send was refused by the mail budget rather than failed by the transport. */
export const overBudget = (error: unknown): boolean =>
  error instanceof AuthError && error.code === 'TOO_MANY_EMAILS';

/**
 * For a message sent without telling the client (notices, a reset, a code in the background): a
 * transport failure is logged, a spent budget drops the message without a word.
 */
export const logFailedSend =
  (auth: AuthContext, failure: string, log: LogContext) =>
  (error: unknown): void => {
    if (!overBudget(error)) auth.options.logError(failure, error, log);
  };
