import { listDeviceSessions } from './list-device-sessions.ts';
import { revokeDeviceSession } from './revoke-device-session.ts';
import { setActiveSession } from './set-active-session.ts';

/** The browser's people: list, switch, sign one out; sign-out of all goes through a port. */
export const multiSessionEndpoints = [listDeviceSessions, setActiveSession, revokeDeviceSession] as const;
