import { adminEvents } from './features/admin/admin-events.ts';
import { apiKeyEvents } from './features/api-key/api-key-events.ts';
import { importEvents } from './features/import/import-events.ts';
import { organizationEvents } from './features/organization/organization-events.ts';
import { passkeyEvents } from './features/passkey/passkey-events.ts';
import { twoFactorEvents } from './features/two-factor/two-factor-events.ts';
import { webhookEvents } from './features/webhooks/webhooks-events.ts';

/** The events the core records: sign-up, sign-in, sessions, the account, linked providers. */
const coreEvents = [
  'user.signed_up',
  'user.signed_in',
  'user.sign_in_failed',
  'user.signed_out',
  'user.locked_out',
  'rate_limit.exceeded',
  'user.reauthenticated',
  'user.password_changed',
  'user.password_reset_requested',
  'user.password_reset_completed',
  'user.email_verification_sent',
  'user.email_verified',
  'user.email_change_requested',
  'user.email_changed',
  'user.profile_updated',
  'user.deletion_requested',
  'user.deleted',
  'account.linked',
  'account.unlinked',
  'account.tokens_read',
  'session.created',
  'session.revoked',
  'session.revoked_all',
  'session.refreshed',
] as const;

/**
 * The event types of the audit event model (docs/security-activity.md#events): the
 * core's and each feature's (`features/<feature>/<feature>-events.ts`). Only these are written, so a
 * typo at a call site is a type error rather than an event nobody filters for.
 */
export const AUDIT_EVENT_TYPES = [
  ...coreEvents,
  ...twoFactorEvents,
  ...passkeyEvents,
  ...organizationEvents,
  ...adminEvents,
  ...importEvents,
  ...apiKeyEvents,
  ...webhookEvents,
] as const;
