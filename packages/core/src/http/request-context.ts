import type { LogContext } from '../log-context.ts';
import type { ResolvedSession } from '../session/resolve-session.ts';
import { parseCookieHeader } from './cookies.ts';
import type { Incoming } from './incoming.ts';

const NO_REQUEST_ID: LogContext = Object.freeze({});

/**
 * How a person proves who they are on a sign-in route: a first factor (`email-link` is a
 * verification link that signs in) or a second one.
 */
export type SignInFactor = 'password' | 'social' | 'passkey' | 'email-link' | 'totp' | 'otp' | 'backup-code';

/**
 * The little state one request carries: the request as received, its parsed URL, cookies parsed on
 * first use, the Set-Cookie headers to send, and the session, looked up at most once.
 */
export class RequestContext {
  readonly incoming: Incoming;
  /** The peer address from the server socket, when the host passes it. */
  readonly remoteAddress: string | undefined;
  /** Names this request to the host's log lines and mailer (`log-context.ts`). */
  readonly log: LogContext;
  /** Set-Cookie headers by cookie name: a later write of a name replaces the earlier one. */
  readonly #setCookies = new Map<string, string>();
  /** Further response headers set by the pipeline or a handler (e.g. Location on sign-in). */
  readonly headers: [string, string][] = [];
  #cookies: Map<string, string> | undefined;
  /**
   * True when an accepted `Authorization: Bearer` token stands in for the session cookie. Browsers
   * never attach that header on their own, so such a request cannot be a cross-site forgery.
   */
  bearer = false;
  /**
   * The account a refused request was about, once the handler knows it (sign-in found the user):
   * a recorded refusal targets it, so its owner sees the attempt (features/audit/README.md).
   */
  auditSubject: { type: 'user'; id: string } | undefined;
  /** Facts only the handler knows (the provider of a social sign-in), added to a recorded refusal's metadata. */
  auditDetail: Record<string, string> | undefined;
  /** Memoised session lookup; undefined = not looked up yet. */
  session: Promise<ResolvedSession | null> | undefined;
  /**
   * The sign-in this request attempts, once its handler knows it is one: the factor checked and,
   * where the answer's status does not say it, the outcome (a second factor owed, a browser flow's
   * failure redirected). The host hears it with the answer (`HandlerAnswer.signIn`, for metrics).
   */
  signIn: { factor: SignInFactor; outcome?: string } | undefined;

  constructor(incoming: Incoming, remoteAddress: string | undefined, requestId: string | undefined) {
    this.incoming = incoming;
    this.remoteAddress = remoteAddress;
    this.log = requestId === undefined ? NO_REQUEST_ID : { requestId };
  }

  /** The request's URL, built on first use (`Incoming.url`). */
  get url(): URL {
    return this.incoming.url;
  }

  get cookies(): Map<string, string> {
    if (!this.#cookies) this.#cookies = parseCookieHeader(this.incoming.header('cookie'));
    return this.#cookies;
  }

  /** Reads the session cookie as `value` from now on, as the bearer token says (`bearer-token.ts`). */
  useBearer(cookieName: string, value: string): void {
    this.cookies.set(cookieName, value);
    this.bearer = true;
  }

  /** Queues a Set-Cookie header; the last one queued for a name is the one sent. */
  setCookie(name: string, header: string): void {
    this.#setCookies.delete(name);
    this.#setCookies.set(name, header);
  }

  get setCookies(): Iterable<string> {
    return this.#setCookies.values();
  }

  /**
   * The queued Set-Cookie headers a refusal may carry: all but a new copy of `name` (the session's
   * cookie cache), which a read along the way may have queued. A refused request changes no cookie
   * except to clear one; clearing the cache stays.
   */
  refusalCookies(name: string): string[] {
    return [...this.#setCookies]
      .filter(([cookie, header]) => cookie !== name || /;\s*Max-Age=0(;|$)/i.test(header))
      .map(([, header]) => header);
  }

  /** Marks the request as a sign-in attempt with this factor; the first factor named stays. */
  signingIn(factor: SignInFactor): void {
    this.signIn ??= { factor };
  }

  /** The marked sign-in ended without a session yet (`challenged`) or failed without a refusal (a redirect). */
  signInEnded(outcome: string): void {
    if (this.signIn) this.signIn.outcome = outcome;
  }

  header(name: string): string | null {
    return this.incoming.header(name);
  }
}
