import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { logFailedSend, sendMail } from '../email/deliver.ts';
import { emailLanguage } from '../email/language.ts';
import {
  type NoticeSubject,
  type SecurityNoticeKind,
  securityNoticeEmail,
} from '../email/security-notice-templates.ts';
import { clientIp } from '../http/client-ip.ts';
import type { RequestContext } from '../http/request-context.ts';
import { deviceFingerprint, deviceName } from './device.ts';
import { countKnownDevices, rememberDevice } from './known-device.repository.ts';

/** Who a notice goes to. */
interface Recipient {
  id: string;
  email: string;
  name: string;
}

const enabled = (auth: AuthContext) => auth.options.signInAlerts.enabled && auth.options.mailer !== undefined;

/**
 * Sends a notice without holding the request: the action already succeeded, and a slow or broken
 * mail server must not make it fail or wait. A failed send is logged (and counted by the
 * product's mailer), never thrown; past the mail budget the notice is dropped (email/README.md).
 */
async function send(
  auth: AuthContext,
  request: RequestContext,
  kind: SecurityNoticeKind,
  to: Recipient,
  subject: NoticeSubject = {},
): Promise<void> {
  if (!auth.options.mailer) return;
  const ip = clientIp(auth, request);
  const device = deviceName(request.header('user-agent'));
  const located = ip && auth.options.locateIp ? await auth.options.locateIp(ip).catch(() => null) : null;
  const location = located
    ? [located.city, located.region, located.countryCode].filter((part) => part).join(', ')
    : null;
  const message = securityNoticeEmail(kind, {
    to: to.email,
    name: to.name,
    url: auth.options.signInAlerts.activityURL,
    at: new Date(auth.options.now()),
    ...device,
    ip,
    location,
    ...subject,
    language: emailLanguage(request),
  });
  void sendMail(auth, message, { sender: to.id, log: request.log }).catch(
    logFailedSend(auth, `Could not send the ${kind} notice`, request.log),
  );
}

/** Remembers the request's browser and address for the account; true when they were new to it. */
function rememberThisDevice(auth: AuthContext, request: RequestContext, userId: string): Promise<boolean> {
  const device = deviceName(request.header('user-agent'));
  const fingerprint = deviceFingerprint(auth.options.secret, device, clientIp(auth, request));
  return rememberDevice(auth.db, userId, fingerprint, isoNow(auth.options.now()));
}

/** Runs one notice step when notices are on; a failure is logged, never thrown at the request. */
async function whenEnabled(auth: AuthContext, failure: string, step: () => Promise<unknown>): Promise<void> {
  if (!enabled(auth)) return;
  try {
    await step();
  } catch (error) {
    auth.options.logError(failure, error);
  }
}

/**
 * Remembers this browser and address for the account and, when they are new to it, tells the
 * owner by email. The account's first device is only remembered: that is the person signing up
 * (or, on a database adopted from Better Auth, their first sign-in since). Never throws.
 */
export function noticeSignIn(auth: AuthContext, request: RequestContext, user: Recipient): Promise<void> {
  return whenEnabled(auth, 'Could not check the sign-in device', async () => {
    const isNew = await rememberThisDevice(auth, request, user.id);
    if (!isNew || (await countKnownDevices(auth.db, user.id)) <= 1) return;
    await send(auth, request, 'sign-in', user);
  });
}

/** Sign-up: the device that created the account is known from the start, so it never alerts. */
export function rememberSignUpDevice(
  auth: AuthContext,
  request: RequestContext,
  user: Recipient,
): Promise<void> {
  return whenEnabled(auth, 'Could not remember the sign-up device', () =>
    rememberThisDevice(auth, request, user.id),
  );
}

/**
 * A change to how the account is protected: a password or email change (told to the address the
 * account had before it: whoever changed it may now control the new one), a passkey added, or
 * two-factor turned off, each a way in or a lock that a stolen session could add or remove.
 * Never throws.
 */
export function noticeCredentialChange(
  auth: AuthContext,
  request: RequestContext,
  to: Recipient,
  kind: Exclude<SecurityNoticeKind, 'sign-in' | 'api-key-created' | 'organization-api-key-created'>,
  newEmail?: string,
): Promise<void> {
  return whenEnabled(auth, `Could not send the ${kind} notice`, () =>
    send(auth, request, kind, to, { newEmail }),
  );
}

/** A new API key, named as the key list names it: never the key, nor more of it than `start`. */
export interface CreatedKey {
  name: string | null;
  start: string | null;
  /** Set for an organization key. */
  organizationId: string | null;
}

/**
 * A new API key is a new way in that a stolen session could mint: told to the owner of a personal
 * key, and to the member who made an organization key (the one who can delete it if it was not
 * them). Never throws.
 */
export function noticeApiKeyCreated(
  auth: AuthContext,
  request: RequestContext,
  to: Recipient,
  key: CreatedKey,
): Promise<void> {
  return whenEnabled(auth, 'Could not send the api-key-created notice', async () => {
    const named = { name: key.name, start: key.start };
    if (key.organizationId === null) return send(auth, request, 'api-key-created', to, { key: named });
    const memberships = (await auth.ports.membership?.membershipsOf(auth, to.id)) ?? [];
    const organization =
      memberships.find((membership) => membership.organization.id === key.organizationId)?.organization
        .name ?? key.organizationId;
    return send(auth, request, 'organization-api-key-created', to, { key: named, organization });
  });
}
