import { createClient } from '@gatehouse/client';

/** The one API client of the app: same origin, the server's own base path. */
export const authClient = createClient();
