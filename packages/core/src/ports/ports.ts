import type { SecondFactor } from '../session/sign-in-gate.ts';
import type { AdminRights } from './admin-rights.ts';
import type { ApiKeySessions } from './api-keys.ts';
import type { AdminEventsReader, OrganizationEventsReader } from './audit-readers.ts';
import type { BrowserSessions } from './browser-sessions.ts';
import type { EventOutbox } from './event-outbox.ts';
import type { OrganizationMembership } from './organization-membership.ts';
import type { PasskeyDirectory } from './passkey-directory.ts';
import type { UserFieldChecks } from './user-field-checks.ts';

/**
 * The services one feature supplies to others, so no feature imports another's folder. Each port's
 * type is declared beside its consumer's needs (a leaf file here, or the shared module that asks for
 * it); the feature that owns the data supplies it from its `module.ts` (`provides`), and
 * `createAuth` collects them. A port is undefined while its supplier is off, and each consumer says
 * what it does then.
 */
export interface Ports {
  /** The two-factor feature's sign-in gate, reset and trusted browsers (for sign-in, admin, account). */
  secondFactor: SecondFactor | undefined;
  /** The passkey feature's rows as the admin console reads them. */
  passkeys: PasskeyDirectory | undefined;
  /** Who may read an organization's events (organization feature, for the audit feature). */
  organizationEvents: OrganizationEventsReader | undefined;
  /** Who may read every event (admin feature, for the audit feature). */
  adminEvents: AdminEventsReader | undefined;
  /** Whether a user's admin roles grant a permission (admin feature, for API-key scopes). */
  adminRights: AdminRights | undefined;
  /** The organization feature's members: who belongs where, who may act, adding a member (for admin, SSO, keys, webhooks). */
  membership: OrganizationMembership | undefined;
  /** The API-key feature's `x-api-key` sessions and owners' keys (for the caller step, user and organization deletion). */
  apiKeys: ApiKeySessions | undefined;
  /** The webhooks feature's outbox, written with every recorded event (for the audit recorder). */
  eventOutbox: EventOutbox | undefined;
  /** The username feature's rules for its user fields (for sign-up and update-user). */
  userFieldChecks: UserFieldChecks | undefined;
  /** The multi-session feature's several people per browser (for session creation and sign-out). */
  browserSessions: BrowserSessions | undefined;
}

/** Every port, with none supplied: the value features' `provides` are laid over. */
export const noPorts: Ports = {
  secondFactor: undefined,
  passkeys: undefined,
  organizationEvents: undefined,
  adminEvents: undefined,
  adminRights: undefined,
  membership: undefined,
  apiKeys: undefined,
  eventOutbox: undefined,
  userFieldChecks: undefined,
  browserSessions: undefined,
};
