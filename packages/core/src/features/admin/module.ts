import { defineFeature } from '../feature-module.ts';
import { userCan } from './admin-access.ts';
import { adminEndpoints } from './admin-endpoints.ts';
import { adminErrors } from './admin-errors.ts';
import { adminEvents } from './admin-events.ts';
import { adminFields, resolveAdmin } from './admin-options.ts';
import { adminAuditReader } from './audit-reader.ts';
import { adminColumns } from './migrations/0003-admin-columns.ts';

export const adminModule = defineFeature({
  name: 'admin',
  api: {
    name: 'Admin',
    description:
      "The admin console's routes: users, roles, bans, sessions and impersonation, each behind its admin permission.",
  },
  errors: adminErrors,
  events: adminEvents,
  migrations: { '0003-admin-columns': adminColumns },
  settings: (options) => ({ admin: resolveAdmin(options.admin) }),
  userFields: ({ admin }) => adminFields(admin),
  config: (options) => options.admin,
  endpoints: () => adminEndpoints,
  provides: () => ({ adminEvents: adminAuditReader, adminRights: userCan }),
});
