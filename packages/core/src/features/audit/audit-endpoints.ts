import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { answerEvents, exportEvents } from './audit-answer.ts';
import { exportableEventsQuery, ownEventsQuery } from './audit-query.ts';
import { AUDIT_EXPORT, auditPageJson } from './audit-response-schema.ts';

/** A person's own security activity: events they did, or that were done to them. */
export const ownEvents = defineEndpoint({
  name: 'listSecurityEvents',
  method: 'GET',
  path: '/security/events',
  summary: "The caller's own security activity",
  description: 'Events the caller did, or that were done to them, newest first, paged by cursor.',
  query: ownEventsQuery,
  requires: 'session',
  response: auditPageJson,
  errors: [],
  noStore: true,
  async handler({ auth, query, session: { user } }) {
    return answerEvents(auth, { kind: 'own', userId: user.id }, query);
  },
});

/**
 * One organization's events, for members whose roles grant `auditLog:read` (owner and admin by
 * default). `organizationId` names it, else the active organization.
 */
export const organizationEvents = defineEndpoint({
  name: 'listOrganizationEvents',
  method: 'GET',
  path: '/organization/events',
  summary: "An organization's security events",
  description:
    'For members whose roles grant `auditLog:read` (owner and admin by default); `organizationId` names the ' +
    'organization, else the active one. `format=ndjson` or `format=csv` downloads the filtered events as a ' +
    'file.',
  query: exportableEventsQuery,
  requires: 'session',
  response: auditPageJson,
  file: AUDIT_EXPORT,
  errors: [
    'NO_ACTIVE_ORGANIZATION',
    // Organizations are off.
    'NOT_FOUND',
    ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 403],
    'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
    'TWO_FACTOR_REQUIRED_BY_ORGANIZATION',
    'INVALID_ROLE_PERMISSIONS',
  ],
  noStore: true,
  async handler({ auth, request, query, session: { session, user } }) {
    const organizationId = query.organizationId ?? session.activeOrganizationId;
    if (!organizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    const check = auth.ports.organizationEvents;
    if (!check) throw new AuthError('NOT_FOUND');
    await check(auth, user, organizationId);
    const scope = { kind: 'organization', organizationId } as const;
    if (query.format && query.format !== 'json') {
      return exportEvents(auth, request, scope, query, {
        type: 'organization.audit_exported',
        organizationId,
        actorType: 'user',
      });
    }
    return answerEvents(auth, scope, query);
  },
});

/** Every event of the server, for admins. */
export const adminEvents = defineEndpoint({
  name: 'listAdminEvents',
  method: 'GET',
  path: '/admin/events',
  summary: 'Every security event of the server, for admins',
  description: '`format=ndjson` or `format=csv` downloads the filtered events as a file.',
  query: exportableEventsQuery,
  // Admin rights are read from the database, never from a cookie cache (features/admin/README.md).
  requires: 'sensitive',
  response: auditPageJson,
  file: AUDIT_EXPORT,
  errors: ['YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG'],
  noStore: true,
  async handler({ auth, request, query, session: { user } }) {
    const check = auth.ports.adminEvents;
    if (!check?.(auth, user)) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG');
    if (query.format && query.format !== 'json') {
      return exportEvents(auth, request, { kind: 'all' }, query, {
        type: 'admin.audit_exported',
        actorType: 'admin',
      });
    }
    return answerEvents(auth, { kind: 'all' }, query);
  },
});

/** The routes for the features that are on: the organization and admin views need their features. */
export const auditEndpoints = (features: { organization: boolean; admin: boolean }) =>
  [
    ownEvents,
    ...(features.organization ? [organizationEvents] : []),
    ...(features.admin ? [adminEvents] : []),
  ] as const;
