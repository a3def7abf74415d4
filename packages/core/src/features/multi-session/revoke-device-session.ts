import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { clearSessionCookies, hasDontRemember, setSessionCookies } from '../../session/session-cookies.ts';
import { dropFromBrowser, endHeldSessions, heldSession, heldSessions, liveSession } from './held-sessions.ts';

/**
 * docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession: ends one of the browser's
 * sessions; when it was the active one, the next live one takes its place, or the browser is signed out.
 */
export const revokeDeviceSession = defineEndpoint({
  name: 'revokeDeviceSession',
  method: 'POST',
  path: '/multi-session/revoke',
  summary: 'Sign one person out of this browser',
  description:
    'Ends the named session, which this browser must hold (else 401 `INVALID_SESSION_TOKEN`), and drops its ' +
    'cookie. Ending the active session makes another held one active, or clears the session cookies.',
  body: z.object({ sessionToken: z.string().max(256) }),
  requires: 'sensitive',
  response: statusJson,
  errors: ['INVALID_SESSION_TOKEN'],
  async handler({ auth, request, body, session: current }) {
    const held = heldSession(auth, request, body.sessionToken);
    if (!held) throw new AuthError('INVALID_SESSION_TOKEN');
    await endHeldSessions(auth, request, [held.token]);
    dropFromBrowser(auth, request, held);
    if (held.token !== current.session.token) return { status: true };
    for (const other of heldSessions(auth, request)) {
      if (other.token === held.token) continue;
      const live = await liveSession(auth, other.token);
      if (!live) continue;
      setSessionCookies(auth, request, live.session, live.user, hasDontRemember(auth, request));
      return { status: true };
    }
    clearSessionCookies(auth, request);
    return { status: true };
  },
});
