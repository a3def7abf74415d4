import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { LogContext } from '../../log-context.ts';
import type { IpLocation } from '../../session/ip-location.ts';
import { listActiveSessions } from '../../session/session.repository.ts';

/**
 * GET /session-locations (Gatehouse's addition; list-sessions keeps Better Auth's shape): the
 * approximate place of each of the caller's sessions, by session id, from the locator the host
 * gave (`GEOIP`); 404 without one. Each distinct address is looked up once.
 */
/** A lookup that failed is logged and shown as an unknown place; the list still answers. */
function unknownPlace(auth: AuthContext, error: unknown, log: LogContext): null {
  auth.options.logError('gatehouse: an IP location lookup failed', error, log);
  return null;
}

export const sessionLocations = defineEndpoint({
  name: 'sessionLocations',
  method: 'GET',
  path: '/session-locations',
  summary: "The approximate place of each of the caller's sessions",
  description:
    "Gatehouse's addition, by session id, from the IP locator the host configures. A lookup that failed " +
    'shows as an unknown place; the list still answers.',
  requires: 'session',
  // Each session's place by session id, null where it is not known.
  response: z.object({
    locations: z.record(
      z.string(),
      z
        .object({ countryCode: z.string(), region: z.string().nullable(), city: z.string().nullable() })
        .nullable(),
    ),
  }),
  // NOT_FOUND: no IP location lookup is configured.
  errors: ['NOT_FOUND'],
  noStore: true,
  async handler({ auth, request, session: { user } }) {
    const locate = auth.options.locateIp;
    if (!locate) throw new AuthError('NOT_FOUND');
    const rows = await listActiveSessions(auth.db, user.id, isoNow(auth.options.now()));
    const own = rows.filter((row) => !row.impersonatedBy);
    const places = new Map<string, Promise<IpLocation | null>>();
    const locations: Record<string, IpLocation | null> = {};
    for (const row of own) {
      const ip = typeof row.ipAddress === 'string' ? row.ipAddress : '';
      if (ip && !places.has(ip))
        places.set(
          ip,
          locate(ip).catch((error) => unknownPlace(auth, error, request.log)),
        );
      locations[row.id] = ip ? await (places.get(ip) ?? null) : null;
    }
    return { locations };
  },
});
