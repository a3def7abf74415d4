import type { AuthContext } from '../../context.ts';
import { constantTimeEqual } from '../../crypto/constant-time.ts';
import { signValueBase64Url } from '../../crypto/hmac.ts';
import { randomString } from '../../crypto/random.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { clearCookie, readSignedCookie, setSignedCookie } from '../../session/session-cookies.ts';
import {
  deleteVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';
import { trustCookie } from './two-factor-cookies.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';

const TRUST_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';

/** The MAC ties a trust cookie to one user (docs/protocol/two-factor.md#trusted-device-cookie). */
const macOf = (auth: AuthContext, userId: string, trustId: string) =>
  signValueBase64Url(auth.options.secret, `${userId}!${trustId}`);

/**
 * Trusts this browser for the user: a `trust-device-{32}` row and the signed cookie
 * `{mac}!{trustId}`. The remember-me opt-out is dropped, as in 1.7
 * (docs/protocol/two-factor.md#session-rotation).
 */
export async function trustThisBrowser(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedTwoFactor,
  userId: string,
): Promise<void> {
  await issueTrust(auth, request, config, userId);
  await auth.audit.record(request, {
    type: 'user.trusted_device_added',
    actor: { type: 'user', id: userId },
    target: { type: 'user', id: userId },
  });
  clearCookie(auth, request, auth.cookies.dontRemember);
}

async function issueTrust(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedTwoFactor,
  userId: string,
): Promise<void> {
  const now = auth.options.now();
  const trustId = `trust-device-${randomString(32, TRUST_ALPHABET)}`;
  await insertVerification(auth.db, trustId, userId, new Date(now + config.trustDeviceMaxAge * 1000), now);
  const value = `${macOf(auth, userId, trustId)}!${trustId}`;
  setSignedCookie(auth, request, trustCookie(auth), value, config.trustDeviceMaxAge);
}

export type TrustState = { state: 'absent' } | { state: 'invalid' } | { state: 'valid'; trustId: string };

/**
 * Reads this browser's trust cookie for a user. A cookie whose signature does not verify counts
 * as absent; a signed one failing the MAC or the stored row is invalid
 * (docs/protocol/two-factor.md#sign-in-challenge steps 2–3).
 */
export async function readTrust(
  auth: AuthContext,
  request: RequestContext,
  userId: string,
): Promise<TrustState> {
  const value = readSignedCookie(auth, request, trustCookie(auth));
  if (value === null) return { state: 'absent' };
  const separator = value.indexOf('!');
  const mac = value.slice(0, separator);
  const trustId = value.slice(separator + 1);
  if (separator < 1 || !trustId.startsWith('trust-device-')) return { state: 'invalid' };
  if (!constantTimeEqual(mac, macOf(auth, userId, trustId))) return { state: 'invalid' };
  const row = await findVerification(auth.db, trustId, auth.options.now());
  if (!row || row.value !== userId) return { state: 'invalid' };
  return { state: 'valid', trustId };
}

/**
 * A trusted browser signing in gets a new row and cookie: 30 days from now again
 * (docs/protocol/two-factor.md#sign-in-challenge step 2).
 */
export async function renewTrust(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedTwoFactor,
  userId: string,
  trustId: string,
): Promise<void> {
  await deleteVerification(auth.db, trustId);
  await issueTrust(auth, request, config, userId);
}

/** Forgets this browser's trust row (when it holds one) and expires its cookie. */
export async function forgetThisBrowser(auth: AuthContext, request: RequestContext): Promise<void> {
  const value = readSignedCookie(auth, request, trustCookie(auth));
  if (value === null) return;
  const trustId = value.slice(value.indexOf('!') + 1);
  if (trustId.startsWith('trust-device-')) await deleteVerification(auth.db, trustId);
  clearCookie(auth, request, trustCookie(auth));
}
