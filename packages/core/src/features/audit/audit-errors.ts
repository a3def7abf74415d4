/**
 * The audit feature's error codes, part of the one catalogue (`errors.ts`).
 * Gatehouse's security activity routes (features/audit/README.md); Better Auth has none.
 */
export const auditErrors = {
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: {
    status: 403,
    message: 'You are not allowed to read the audit log',
  },
} as const satisfies Record<string, { status: number; message: string }>;
