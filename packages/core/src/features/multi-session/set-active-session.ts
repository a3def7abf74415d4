import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson, userJson } from '../../http/response-schemas.ts';
import { sessionToJson } from '../../session/session.ts';
import { hasDontRemember, setSessionCookies } from '../../session/session-cookies.ts';
import { userToJson } from '../../user/user.ts';
import { dropFromBrowser, heldSession, liveSession } from './held-sessions.ts';

/**
 * docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession: only a session whose
 * `_multi-` cookie this browser holds becomes the active one, so a token learnt elsewhere switches to
 * nobody.
 */
export const setActiveSession = defineEndpoint({
  name: 'setActiveSession',
  method: 'POST',
  path: '/multi-session/set-active',
  summary: 'Switch this browser to another person signed in in it',
  description:
    'Sets the session cookies to the named session, which this browser must hold; answers `{ session, user }`. ' +
    'Any other token, or a session that ended, is 401 `INVALID_SESSION_TOKEN`.',
  body: z.object({ sessionToken: z.string().max(256) }),
  requires: 'none',
  response: z.object({ session: sessionJson, user: userJson }),
  errors: ['INVALID_SESSION_TOKEN'],
  async handler({ auth, request, body }) {
    const held = heldSession(auth, request, body.sessionToken);
    if (!held) throw new AuthError('INVALID_SESSION_TOKEN');
    const live = await liveSession(auth, held.token);
    if (!live) {
      dropFromBrowser(auth, request, held);
      throw new AuthError('INVALID_SESSION_TOKEN');
    }
    setSessionCookies(auth, request, live.session, live.user, hasDontRemember(auth, request));
    return {
      session: sessionToJson(live.session),
      user: userToJson(live.user, auth.options.additionalFields),
    };
  },
});
