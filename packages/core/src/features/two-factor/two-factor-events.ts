/** The security events only the two-factor feature records, part of the event model (`event-types.ts`). */
export const twoFactorEvents = [
  'user.two_factor_challenged',
  'user.two_factor_verified',
  'user.two_factor_failed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.backup_codes_generated',
  'user.backup_code_used',
  'user.totp_uri_read',
  'user.trusted_device_added',
  'user.trusted_devices_revoked',
] as const;
