import { defineFeature } from '../feature-module.ts';
import { auditEndpoints } from './audit-endpoints.ts';
import { auditErrors } from './audit-errors.ts';
import { resolveAudit } from './audit-options.ts';
import { auditEventTable } from './migrations/0010-audit-events.ts';

export const auditModule = defineFeature({
  name: 'audit',
  api: {
    name: 'Security events',
    description:
      "The audit log: a person's own security activity, an organization's events and the server's, filtered, paged and exportable.",
  },
  errors: auditErrors,
  migrations: { '0010-audit-events': auditEventTable },
  settings: (options) => ({ audit: resolveAudit(options.audit) }),
  config: (options) => ({
    organization: options.organization !== undefined,
    admin: options.admin !== undefined,
  }),
  endpoints: (config) => auditEndpoints(config),
});
