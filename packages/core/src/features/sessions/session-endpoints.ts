import type { ApiFeature } from '../../http/endpoint.ts';
import { getSession, postGetSession } from './get-session.ts';
import { listSessions } from './list-sessions.ts';
import { revokeOtherSessions, revokeSession, revokeSessions } from './revoke-sessions.ts';
import { sessionLocations } from './session-locations.ts';

/** Reading, listing and revoking one's sessions. */
export const sessionEndpoints = [
  getSession,
  postGetSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  sessionLocations,
] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const sessionsFeature: ApiFeature = {
  name: 'Sessions',
  description: "Reading the current session, and listing and ending one's sessions on every device.",
};
