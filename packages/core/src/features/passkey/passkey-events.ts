/** The security events only the passkey feature records, part of the event model (`event-types.ts`). */
export const passkeyEvents = [
  'user.passkey_registered',
  'user.passkey_renamed',
  'user.passkey_deleted',
  'user.passkey_sign_in_failed',
] as const;
