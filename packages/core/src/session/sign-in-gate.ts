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
  kind: 'password' | 'social' | 'passkey' | 'email-link';
  /** Passkeys only: the authenticator verified the person (the UV flag), so it counts as two factors. */
  userVerified?: boolean;
}

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
 * The seam between first-factor sign-ins and second factors. A feature that can withhold the
 * session (two-factor) installs one in the context; it either lets the sign-in through (null,
 * possibly after renewing a trusted-device cookie) or starts a challenge, setting its own cookie,
 * and answers what the route should send.
 */
export type SignInGate = (
  auth: AuthContext,
  request: RequestContext,
  user: User,
  firstFactor: FirstFactor,
) => Promise<SecondFactorChallenge | null>;

/**
 * What the rest of the engine may ask of the second-factor feature, installed in the context by
 * the composition root (so no feature imports another): the sign-in gate, an admin's reset, and
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
  request.signingIn(firstFactor.kind);
  if (auth.secondFactor) {
    await refuseBannedUser(auth, user);
    const challenge = await auth.secondFactor.gate(auth, request, user, firstFactor);
    if (challenge) {
      await auth.audit.record(request, {
        type: 'user.two_factor_challenged',
        actor: { type: 'user', id: user.id, email: user.email },
        target: { type: 'user', id: user.id },
        sessionId: null,
        metadata: { method: firstFactor.kind, methods: challenge.body.twoFactorMethods },
      });
      clearCookie(auth, request, auth.cookies.token);
      clearCookie(auth, request, auth.cookies.data);
      setRememberChoice(auth, request, !rememberMe);
      request.signInEnded('challenged');
      return { challenge };
    }
  }
  const session = await createSession(auth, request, user, rememberMe);
  await auth.audit.record(request, {
    type: 'user.signed_in',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
    sessionId: session.id,
    metadata: {
      method: firstFactor.kind,
      // A passkey that verified the person counts as both factors
      // (docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors).
      twoFactor: firstFactor.kind === 'passkey' && firstFactor.userVerified ? 'passkey' : 'none',
    },
  });
  await noticeSignIn(auth, request, user);
  return { session };
}
