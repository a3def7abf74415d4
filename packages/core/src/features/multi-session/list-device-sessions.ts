import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson, userJson } from '../../http/response-schemas.ts';
import { sessionToJson } from '../../session/session.ts';
import { userToJson } from '../../user/user.ts';
import { heldSessions, liveSession } from './held-sessions.ts';

/**
 * docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession: one entry per person
 * whose `_multi-` cookie holds a live session, each with its token (what set-active and revoke take).
 */
export const listDeviceSessions = defineEndpoint({
  name: 'listDeviceSessions',
  method: 'GET',
  path: '/multi-session/list-device-sessions',
  summary: 'The people signed in in this browser',
  description:
    "`[{ session, user }]`, one per person whose session this browser holds; `[]` without any. Each session's " +
    '`token` is what `set-active` and `revoke` take.',
  requires: 'none',
  response: z.array(z.object({ session: sessionJson, user: userJson })),
  errors: [],
  async handler({ auth, request }) {
    const people: { session: Record<string, unknown>; user: Record<string, unknown> }[] = [];
    const seen = new Set<string>();
    for (const held of heldSessions(auth, request)) {
      const live = await liveSession(auth, held.token);
      if (!live || seen.has(live.user.id)) continue;
      seen.add(live.user.id);
      people.push({
        session: sessionToJson(live.session),
        user: userToJson(live.user, auth.options.additionalFields),
      });
    }
    return people;
  },
});
