import type { SecurityEvent } from '@gatehouse/client';

// What each event type means in words, for people reading their trail. The type names are the
// engine's (README "Security activity"); a type added later shows as its raw name until it is here.
const WORDS: Record<string, string> = {
  'user.signed_up': 'Account created',
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Sign-in failed',
  'user.signed_out': 'Signed out',
  'user.locked_out': 'Sign-in locked after failed attempts',
  'rate_limit.exceeded': 'Too many requests refused',
  'user.two_factor_challenged': 'Asked for a second factor',
  'user.two_factor_verified': 'Second factor confirmed',
  'user.two_factor_failed': 'Second factor refused',
  'user.two_factor_enabled': 'Two-factor authentication turned on',
  'user.two_factor_disabled': 'Two-factor authentication turned off',
  'user.backup_codes_generated': 'New backup codes made',
  'user.backup_code_used': 'Backup code used',
  'user.trusted_device_added': 'Device trusted for two-factor',
  'user.passkey_registered': 'Passkey added',
  'user.passkey_renamed': 'Passkey renamed',
  'user.passkey_deleted': 'Passkey removed',
  'user.passkey_sign_in_failed': 'Passkey sign-in failed',
  'user.password_changed': 'Password changed',
  'user.password_reset_requested': 'Password reset asked for',
  'user.password_reset_completed': 'Password reset',
  'user.email_verification_sent': 'Verification email sent',
  'user.email_verified': 'Email address verified',
  'user.email_change_requested': 'Email change asked for',
  'user.email_changed': 'Email address changed',
  'user.profile_updated': 'Profile updated',
  'user.deletion_requested': 'Account deletion asked for',
  'user.deleted': 'Account deleted',
  'account.linked': 'Account connected',
  'account.unlinked': 'Account disconnected',
  'session.revoked': 'Session signed out',
  'session.revoked_all': 'Sessions signed out',
};

/** "Signed in with passkey", "Sign-in failed", or the raw type when it has no words yet. */
export function describeEvent(event: SecurityEvent): string {
  const words = WORDS[event.type] ?? event.type;
  const method = event.metadata.method;
  if (event.type === 'user.signed_in' && typeof method === 'string') return `${words} (${method})`;
  return words;
}
