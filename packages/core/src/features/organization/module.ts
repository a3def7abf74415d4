import { defineFeature } from '../feature-module.ts';
import { organizationAuditReader } from './audit-reader.ts';
import { membershipService } from './members/membership-service.ts';
import { organizationTables } from './migrations/0005-organization-tables.ts';
import { organizationTwoFactorPolicy } from './migrations/0008-organization-two-factor-policy.ts';
import { memberPageIndex } from './migrations/0015-member-page-index.ts';
import { dropMemberOrganizationIndex } from './migrations/0016-drop-member-organization-index.ts';
import { memberCountTable } from './migrations/0017-member-count.ts';
import { memberPageVersionTable } from './migrations/0018-member-page-version.ts';
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
  migrations: {
    '0005-organization-tables': organizationTables,
    '0008-organization-two-factor-policy': organizationTwoFactorPolicy,
    '0015-member-page-index': memberPageIndex,
    '0016-drop-member-organization-index': dropMemberOrganizationIndex,
    '0017-member-count': memberCountTable,
    '0018-member-page-version': memberPageVersionTable,
  },
  settings: (options, core) => ({ organization: resolveOrganization(options.organization, core.origin) }),
  config: (options) => options.organization,
  endpoints: (config) => organizationEndpoints(config),
  provides: (config) => ({
    organizationEvents: organizationAuditReader(config),
    membership: membershipService(config),
  }),
});
