import { defineFeature } from '../feature-module.ts';
import { organizationAuditReader } from './audit-reader.ts';
import { membershipService } from './members/membership-service.ts';
import { resolveOrganization } from './organization-config.ts';
import { organizationEndpoints } from './organization-endpoints.ts';
import { organizationErrors } from './organization-errors.ts';
import { organizationEvents } from './organization-events.ts';

export const organizationModule = defineFeature({
  name: 'organization',
  api: {
    name: 'Organizations',
    description:
      'Organizations with members, invitations, teams and custom roles, and the active organization of a session.',
  },
  errors: organizationErrors,
  events: organizationEvents,
  settings: (options, core) => ({ organization: resolveOrganization(options.organization, core.origin) }),
  config: (options) => options.organization,
  endpoints: (config) => organizationEndpoints(config),
  provides: (config) => ({
    organizationEvents: organizationAuditReader(config),
    membership: membershipService(config),
  }),
});
