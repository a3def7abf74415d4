/** The security event only the import feature records, part of the event model (`event-types.ts`). */
export const importEvents = ['admin.users_imported'] as const;
