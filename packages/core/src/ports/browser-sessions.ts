import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Session } from '../session/session.ts';
import type { User } from '../user/user.ts';

/**
 * The sessions one browser holds for several people (`ports.browserSessions`, supplied by the
 * multi-session feature): told of every session whose cookie a response sets, and asked by
 * sign-out to end them all. While no feature supplies it, a browser holds one session.
 */
export interface BrowserSessions {
  /**
   * A new session's cookies are set on the answer to `request` (session creation and rotation):
   * the browser keeps it beside the others, ending this person's earlier one there.
   */
  added(
    auth: AuthContext,
    request: RequestContext,
    session: Session,
    user: User,
    dontRemember: boolean,
  ): Promise<void>;
  /** Sign-out: every session the browser holds ends and its cookie is cleared, `signedOut` (already ended) aside. */
  endAll(auth: AuthContext, request: RequestContext, signedOut: string | null): Promise<void>;
}
