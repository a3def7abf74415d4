import { defineFeature } from '../feature-module.ts';
import { importErrors } from './import-errors.ts';
import { importEvents } from './import-events.ts';
import { adminImportUsers } from './import-users-route.ts';

/**
 * Importing users from other auth systems (docs/protocol/import.md): the pipeline the CLI runs
 * (`importUsers`), and its admin route, mounted with the admin feature whose rights it checks.
 */
export const importModule = defineFeature({
  name: 'import',
  api: {
    name: 'Import',
    description: "Importing users, with their password hashes, from another auth system's export.",
  },
  errors: importErrors,
  events: importEvents,
  config: (options) => options.admin,
  endpoints: () => [adminImportUsers] as const,
});
