import type { AuditEventInput } from '../audit-event.ts';

/**
 * How a person proves who they are on a sign-in route: a first factor (`email-link` is an emailed
 * link that signs in, a verification link or a magic link; `email-otp` an emailed code) or a second one.
 */
export type SignInFactor =
  | 'password'
  | 'username'
  | 'social'
  | 'passkey'
  | 'email-link'
  | 'email-otp'
  | 'totp'
  | 'otp'
  | 'backup-code';

/** What a host may record about an answer without reading it: never a path as sent (it may hold a token). */
export interface HandlerAnswer {
  /** The route template under the base path (`/reset-password/:token`); undefined when no route matched. */
  route: string | undefined;
  /** The error code of a refusal (`RATE_LIMITED`, `INVALID_EMAIL_OR_PASSWORD`); undefined on success. */
  code: string | undefined;
  /** The answer's status (500 when the pipeline itself failed). */
  status: number;
  /**
   * Set when the request was a sign-in attempt the engine evaluated (a request refused before its
   * handler, e.g. rate limited, is none): the factor, and `success`, `challenged` (a second factor
   * is owed) or the refusal's code.
   */
  signIn?: { factor: SignInFactor; outcome: string };
}

/** The account a refused request was about, as its security event names it. */
export interface OutcomeSubject {
  type: 'user';
  id: string;
}

/**
 * What one request came to, in one record the pipeline owns: the pipeline fills in the route, the
 * code and the status; the handler adds what only it knows (`request.outcome`). The pipeline hands
 * it to the audit trail when the route records its refusals, and to the host as `HandlerAnswer`.
 * What the handler adds for the audit trail is kept in private fields, so the host sees only the
 * fields `HandlerAnswer` names.
 */
export class RequestOutcome implements HandlerAnswer {
  route: string | undefined = undefined;
  code: string | undefined = undefined;
  status = 500;
  // Declared only: the host's record has no `signIn` key unless the request was a sign-in.
  declare signIn?: { factor: SignInFactor; outcome: string };
  #subject: OutcomeSubject | undefined;
  #detail: Record<string, string> | undefined;
  #factor: SignInFactor | undefined;
  #signInEnded: string | undefined;

  /**
   * The account the request is about, once the handler knows it (sign-in found the user): a
   * recorded refusal targets it, so its owner sees the attempt (features/audit/README.md).
   */
  about(subject: OutcomeSubject): void {
    this.#subject = subject;
  }

  /** Facts only the handler knows (the provider of a social sign-in), added to a recorded refusal's metadata. */
  detail(facts: Record<string, string>): void {
    this.#detail = this.#detail ? { ...this.#detail, ...facts } : facts;
  }

  /** Marks the request as a sign-in attempt with this factor; the first factor named stays. */
  signingIn(factor: SignInFactor): void {
    this.#factor ??= factor;
  }

  /** The marked sign-in ended without a session yet (`challenged`) or failed without a refusal (a redirect). */
  signInEnded(outcome: string): void {
    if (this.#factor) this.#signInEnded = outcome;
  }

  /** The account named with `about`, if any. */
  get subject(): OutcomeSubject | undefined {
    return this.#subject;
  }

  /** A refusal event's metadata: the route's own, with the handler's facts added. */
  metadataWith(base: AuditEventInput['metadata']): AuditEventInput['metadata'] {
    return this.#detail ? { ...base, ...this.#detail } : base;
  }

  /**
   * Settles the sign-in once the handler has answered: how it ended is what the handler said,
   * else the refusal's code, else `success`.
   */
  settleSignIn(): void {
    if (this.#factor)
      this.signIn = { factor: this.#factor, outcome: this.#signInEnded ?? this.code ?? 'success' };
  }
}
