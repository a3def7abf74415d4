import type { AuthContext } from '../../context.ts';
import { randomString } from '../../crypto/random.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { clearCookie, setSignedCookie } from '../../session/session-cookies.ts';
import type { FirstFactor, SignInGate } from '../../session/sign-in-gate.ts';
import { insertVerification } from '../../user/verification.repository.ts';
import { readTrust, renewTrust } from './trusted-device.ts';
import { findTwoFactor } from './two-factor.repository.ts';
import { challengeCookie, trustCookie } from './two-factor-cookies.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';

const CHALLENGE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';

/** The per-challenge attempt counter's identifier (docs/protocol/two-factor.md#verification-rows). */
export const attemptsId = (challengeId: string): string => `2fa-attempts-${challengeId}`;

/** The challenge's first factor, for the sign-in event (docs/protocol/two-factor.md#verification-rows). */
export const firstFactorId = (challengeId: string): string => `2fa-first-factor-${challengeId}`;

/** `password`, `username`, `passkey`, `email-link`, `email-otp`, or `social:{provider}`. */
const firstFactorValue = (factor: FirstFactor): string =>
  factor.provider ? `${factor.kind}:${factor.provider}` : factor.kind;

const FIRST_FACTOR_KINDS: readonly string[] = [
  'password',
  'username',
  'social',
  'passkey',
  'email-link',
  'email-otp',
];

/** The first factor a challenge row names; `password` for a challenge started before rows named one. */
export function parseFirstFactor(value: string | null): FirstFactor {
  const separator = value?.indexOf(':') ?? -1;
  const kind = value && separator > 0 ? value.slice(0, separator) : value;
  if (!kind || !FIRST_FACTOR_KINDS.includes(kind)) return { kind: 'password' };
  const provider = value && separator > 0 ? value.slice(separator + 1) : undefined;
  return { kind: kind as FirstFactor['kind'], ...(provider ? { provider } : {}) };
}

/**
 * The two-factor feature's sign-in gate (docs/protocol/two-factor.md#sign-in-challenge, and
 * docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors for passkeys): a user with two-factor
 * on gets a challenge instead of a session, unless this browser is trusted or the first factor was a
 * user-verifying passkey (which already proves two factors).
 */
export function twoFactorGate(config: ResolvedTwoFactor): SignInGate {
  return async (auth, request, user, firstFactor) => {
    if (user.additional.twoFactorEnabled !== true) return { passedWith: 'none' };
    if (firstFactor.kind === 'passkey' && firstFactor.userVerified === true) return { passedWith: 'none' };
    const trust = await readTrust(auth, request, user.id);
    if (trust.state === 'valid') {
      await renewTrust(auth, request, config, user.id, trust.trustId);
      return { passedWith: 'trusted_device' };
    }
    if (trust.state === 'invalid') clearCookie(auth, request, trustCookie(auth));
    await startChallenge(auth, request, config, user.id, firstFactor);
    return {
      challenge: {
        body: { twoFactorRedirect: true, twoFactorMethods: await methodsOf(auth, config, user.id) },
        pageURL: config.challengeURL,
      },
    };
  };
}

async function startChallenge(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedTwoFactor,
  userId: string,
  firstFactor: FirstFactor,
): Promise<void> {
  const now = auth.options.now();
  const challengeId = `2fa-${randomString(20, CHALLENGE_ALPHABET)}`;
  const expiresAt = new Date(now + config.twoFactorCookieMaxAge * 1000);
  await insertVerification(auth.db, challengeId, userId, expiresAt, now);
  await insertVerification(auth.db, attemptsId(challengeId), '0', expiresAt, now);
  await insertVerification(
    auth.db,
    firstFactorId(challengeId),
    firstFactorValue(firstFactor),
    expiresAt,
    now,
  );
  setSignedCookie(auth, request, challengeCookie(auth), challengeId, config.twoFactorCookieMaxAge);
}

/**
 * `totp` when the user's enrolment is confirmed, then `otp` when codes can be emailed
 * (docs/protocol/two-factor.md#sign-in-challenge step 6).
 */
async function methodsOf(auth: AuthContext, config: ResolvedTwoFactor, userId: string): Promise<string[]> {
  const methods: string[] = [];
  const row = await findTwoFactor(auth.db, userId);
  if (row?.verified) methods.push('totp');
  if (config.otp) methods.push('otp');
  return methods;
}
