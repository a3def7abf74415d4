import type { AuthContext } from '../context.ts';
import { addressCounterKey } from '../http/rate-limit/counters.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { LogContext } from '../log-context.ts';

/** Who caused a message: the signed-in account (null when nobody is), and the request for the log. */
export interface MailCause {
  sender: string | null;
  log: LogContext;
}

/**
 * Takes one message to `to` from the address's budget and, when someone is signed in, from the
 * sender's (options `mailBudget`, email/README.md). Answers null when it may go, else the whole
 * seconds until it could. A message refused by one budget is still counted by the other: a caller
 * hammering a spent budget gains nothing by it.
 */
export async function spendMailBudget(
  auth: AuthContext,
  to: string,
  { sender, log }: MailCause,
): Promise<number | null> {
  const budget = auth.options.mailBudget;
  if (!budget) return null;
  const toRule = { windowMs: budget.perRecipient.window * 1000, max: budget.perRecipient.max };
  const decisions = [
    await auth.counters.consume(addressCounterKey(auth.options.secret, 'mail-to', to), toRule, log),
  ];
  if (sender !== null) {
    const fromRule = { windowMs: budget.perSender.window * 1000, max: budget.perSender.max };
    decisions.push(await auth.counters.consume(`mail-from:${sender}`, fromRule, log));
  }
  let wait: number | null = null;
  for (const decision of decisions)
    if (!decision.allowed) wait = Math.max(wait ?? 0, decision.retryAfterSeconds);
  return wait;
}

/**
 * The cause of a message a request sends: the account it is signed in as, when it already looked
 * its session up (never a new session read), and the request for the log.
 */
export async function causeOf(request: RequestContext): Promise<MailCause> {
  const resolved = request.session ? await request.session.catch(() => null) : null;
  return { sender: resolved?.user.id ?? null, log: request.log };
}
