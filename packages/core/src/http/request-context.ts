import type { LogContext } from '../log-context.ts';
import type { ResolvedSession } from '../session/resolve-session.ts';
import { ANONYMOUS, type Principal } from './caller/principal.ts';
import { parseCookieHeader } from './cookies.ts';
import type { Incoming } from './incoming.ts';
import type { RequestOutcome } from './request-outcome.ts';

const NO_REQUEST_ID: LogContext = Object.freeze({});

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
   * Who is calling, as the pipeline's first resolver to recognise the request named it
   * (`caller/resolvers.ts`); anonymous until then.
   */
  principal: Principal = ANONYMOUS;
  /** What the request came to: the handler adds what only it knows (`request-outcome.ts`). */
  readonly outcome: RequestOutcome;
  /** Memoised session lookup; undefined = not looked up yet. */
  session: Promise<ResolvedSession | null> | undefined;

  constructor(
    incoming: Incoming,
    remoteAddress: string | undefined,
    requestId: string | undefined,
    outcome: RequestOutcome,
  ) {
    this.incoming = incoming;
    this.outcome = outcome;
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

  header(name: string): string | null {
    return this.incoming.header(name);
  }
}
