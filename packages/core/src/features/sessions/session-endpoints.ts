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
