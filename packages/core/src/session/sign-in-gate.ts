import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { noticeSignIn } from '../notices/security-notices.ts';
import { refuseBannedUser } from '../user/ban.ts';
import type { User } from '../user/user.ts';
import { createSession } from './create-session.ts';
import type { Session } from './session.ts';
import { clearCookie, setRememberChoice } from './session-cookies.ts';

/**
 * How the person proved who they are before the gate is asked
 * (docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors).
 */
export interface FirstFactor {
  kind: 'password' | 'username' | 'social' | 'passkey' | 'email-link' | 'email-otp';
  /** Social only: the provider's id, named by the sign-in event. */
  provider?: string;
  /** Passkeys only: the authenticator verified the person (the UV flag), so it counts as two factors. */
  userVerified?: boolean;
}

/**
 * What a `user.signed_in` event names as the second factor (features/audit/README.md): none, a
 * user-verifying passkey, a browser trusted at an earlier second factor, or the check passed now.
 */
export type SecondFactorUsed = 'none' | 'passkey' | 'trusted_device' | 'totp' | 'otp' | 'backup_code';

/**
 * The answer a first-factor route gives while a second factor is owed
 * (docs/protocol/two-factor.md#sign-in-challenge step 7).
 */
export interface SecondFactorChallenge {
  body: { twoFactorRedirect: true; twoFactorMethods: string[] };
  /** Where redirect flows (social callbacks) send the browser instead of their destination. */
  pageURL: string;
}

/**
 * The gate's decision: a challenge the route answers with, or the sign-in goes through — plainly
 * (`none`) or because this browser was trusted at an earlier second factor.
 */
export type GateDecision =
  | { challenge: SecondFactorChallenge; passedWith?: undefined }
  | { challenge?: undefined; passedWith: 'none' | 'trusted_device' };

/**
 * The seam between first-factor sign-ins and second factors. A feature that can withhold the
 * session (two-factor) installs one in the context; it either lets the sign-in through (possibly
 * after renewing a trusted-device cookie) or starts a challenge, setting its own cookie, and
 * answers what the route should send. The challenge keeps the first factor, so the session the
 * second factor creates is recorded with it.
 */
export type SignInGate = (
  auth: AuthContext,
  request: RequestContext,
  user: User,
  firstFactor: FirstFactor,
) => Promise<GateDecision>;

/**
 * What the rest of the engine may ask of the second-factor feature (`ports.secondFactor`, supplied by
 * its module.ts, so no feature imports another): the sign-in gate, an admin's reset, and
 * forgetting trusted browsers when the account's credentials or sessions are reset
 * (docs/protocol/two-factor.md#d2-trusted-browsers-go-with-the-factor).
 */
export interface SecondFactor {
  gate: SignInGate;
  /** Two-factor off, secret and codes deleted, every trusted browser forgotten. */
  reset(auth: AuthContext, userId: string): Promise<void>;
  /** Recorded as `user.trusted_devices_revoked` (when any were trusted) for `request`. */
  forgetTrustedBrowsers(auth: AuthContext, userId: string, request: RequestContext): Promise<void>;
}

export type SignInOutcome =
  | { session: Session; challenge?: undefined }
  | { session?: undefined; challenge: SecondFactorChallenge };

/**
 * Every first-factor sign-in ends here: password, social (callback and id token), email links,
 * and passkeys. A banned user is refused first, as before any gate (core errors stay as they are);
 * then the gate may withhold the session. When it does, no session exists and the browser's
 * session cookies are cleared, while the remember-me choice is kept for the session the second
 * factor will create (docs/protocol/two-factor.md#session-rotation).
 */
export async function completeSignIn(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  firstFactor: FirstFactor,
  rememberMe = true,
): Promise<SignInOutcome> {
  let passedWith: 'none' | 'trusted_device' = 'none';
  request.outcome.signingIn(firstFactor.kind);
  if (auth.ports.secondFactor) {
    await refuseBannedUser(auth, user);
    const decision = await auth.ports.secondFactor.gate(auth, request, user, firstFactor);
    if (decision.challenge) {
      await auth.audit.record(request, {
        type: 'user.two_factor_challenged',
        actor: { type: 'user', id: user.id, email: user.email },
        target: { type: 'user', id: user.id },
        sessionId: null,
        metadata: {
          method: firstFactor.kind,
          provider: firstFactor.provider,
          methods: decision.challenge.body.twoFactorMethods,
        },
      });
      clearCookie(auth, request, auth.cookies.token);
      clearCookie(auth, request, auth.cookies.data);
      setRememberChoice(auth, request, !rememberMe);
      request.outcome.signInEnded('challenged');
      return { challenge: decision.challenge };
    }
    passedWith = decision.passedWith;
  }
  const session = await createSession(auth, request, user, rememberMe);
  // A passkey that verified the person counts as both factors
  // (docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors).
  const uvPasskey = firstFactor.kind === 'passkey' && firstFactor.userVerified === true;
  await recordSignedIn(auth, request, user, session, firstFactor, uvPasskey ? 'passkey' : passedWith);
  await noticeSignIn(auth, request, user);
  return { session };
}

/**
 * The `user.signed_in` event of every sign-in, at once or after a second factor: `method` is the
 * first factor (with the provider of a social one), `twoFactor` what stood in for the second.
 */
export async function recordSignedIn(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  session: Session,
  firstFactor: FirstFactor,
  twoFactor: SecondFactorUsed,
): Promise<void> {
  await auth.audit.record(request, {
    type: 'user.signed_in',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
    sessionId: session.id,
    metadata: { method: firstFactor.kind, provider: firstFactor.provider, twoFactor },
  });
}
