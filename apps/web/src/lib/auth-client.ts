import { createClient } from '@gatehouse/client';
import { withOrganizationPolicy } from './organization-policy.ts';
import { withReauthentication } from './reauthentication.ts';

/**
 * The one API client of the app: same origin, the server's own base path. A sensitive call the
 * server refuses for a session that is not fresh asks the person to confirm it is them, then runs
 * again (lib/reauthentication.ts). An organization that requires two-factor of a member without
 * it sends them to set it up (lib/organization-policy.ts).
 */
export const authClient = withOrganizationPolicy(withReauthentication(createClient()));
