import type { BrowserSessions } from '../../ports/browser-sessions.ts';
import { findSessionByToken } from '../../session/session.repository.ts';
import {
  dropFromBrowser,
  endHeldSessions,
  heldSessions,
  keepInBrowser,
  multiCookieName,
} from './held-sessions.ts';
import type { ResolvedMultiSession } from './multi-session-options.ts';

/**
 * The port's side of docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession: a new
 * session joins the browser's (one per person, at most `maximumSessions`), and sign-out ends them all.
 */
export function browserSessions(config: ResolvedMultiSession): BrowserSessions {
  return {
    async added(auth, request, session, user, dontRemember) {
      const own = multiCookieName(auth, session.token);
      const same: string[] = [];
      let others = 0;
      for (const held of heldSessions(auth, request)) {
        if (held.cookie === own) continue;
        const row = await findSessionByToken(auth.db, held.token);
        // A cookie whose session is gone (signed out elsewhere, rotated) only takes a place.
        if (!row || new Date(row.expiresAt).getTime() <= auth.options.now())
          dropFromBrowser(auth, request, held);
        else if (row.userId === user.id) {
          // One entry per person: signing in again replaces the earlier session in this browser.
          same.push(held.token);
          dropFromBrowser(auth, request, held);
        } else others += 1;
      }
      await endHeldSessions(auth, request, same);
      // Beyond the limit the session still works, but this browser cannot switch back to it.
      if (others + 1 > config.maximumSessions) return;
      keepInBrowser(auth, request, session, dontRemember);
    },

    async endAll(auth, request, signedOut) {
      const held = heldSessions(auth, request);
      for (const each of held) dropFromBrowser(auth, request, each);
      await endHeldSessions(
        auth,
        request,
        held.map((each) => each.token).filter((token) => token !== signedOut),
      );
    },
  };
}
