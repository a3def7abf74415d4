import { createClient } from '@gatehouse/client';
import { withReauthentication } from './reauthentication.ts';

/**
 * The one API client of the app: same origin, the server's own base path. A sensitive call the
 * server refuses for a session that is not fresh asks the person to confirm it is them, then runs
 * again (lib/reauthentication.ts).
 */
export const authClient = withReauthentication(createClient());
