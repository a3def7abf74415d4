import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { verifyToken } from '../../crypto/signed-token.ts';
import { deliverOrFail } from '../../email/deliver.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { redirectResponse } from '../../http/respond.ts';
import { userJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { type ResolvedSession, resolveSession } from '../../session/resolve-session.ts';
import { hasDontRemember, setSessionCookies } from '../../session/session-cookies.ts';
import { completeSignIn } from '../../session/sign-in-gate.ts';
import { normalizeEmail } from '../../user/email.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserByEmail, findUserById } from '../../user/user.repository.ts';
import { type User, userFromRow, userToJson } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { sendVerificationEmail } from '../../user/verification-email.ts';

interface Claims {
  email: string;
  userId?: string;
  updateTo?: string;
  requestType?: 'change-email-confirmation' | 'change-email-verification';
}

const claimsSchema = z.object({
  email: z.string().min(1),
  userId: z.string().optional(),
  updateTo: z.string().optional(),
  requestType: z.enum(['change-email-confirmation', 'change-email-verification']).optional(),
});

/**
 * Opens a verification link. Failures go back to the callback URL as `?error=CODE` when there is
 * one (the person is in a browser), else they are 401 JSON (docs/protocol/core.md#email-verification).
 */
export const verifyEmail = defineEndpoint({
  name: 'verifyEmail',
  method: 'GET',
  path: '/verify-email',
  summary: 'Open an email verification link',
  description:
    'Marks the address verified (or completes an email change) and may sign the person in. With a ' +
    '`callbackURL` it redirects there, failures as `?error=CODE`; without one it answers JSON.',
  query: z.object({ token: z.string().min(1).max(4096), callbackURL: callbackUrlSchema.optional() }),
  requires: 'none',
  readsSession: 'optional',
  response: z.object({ status: z.literal(true), user: userJson.nullable().optional() }),
  redirects: true,
  errors: [
    'INVALID_CALLBACK_URL',
    ['INVALID_TOKEN', 401],
    'TOKEN_EXPIRED',
    ['USER_NOT_FOUND', 401],
    'USER_NOT_FOUND',
    'INVALID_USER',
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 401],
    // The change's second message, to the new address (email/README.md).
    'TOO_MANY_EMAILS',
  ],
  async handler({ auth, request, query }) {
    const callbackURL = query.callbackURL;
    if (callbackURL && !auth.origins.isTrustedRedirect(callbackURL))
      throw new AuthError('INVALID_CALLBACK_URL');
    try {
      const claims = await readClaims(auth, query.token);
      const user = await userFor(auth, claims);
      const current = await resolveSession(auth, request, { disableCookieCache: true });
      const json = claims.updateTo
        ? await changeEmail(
            auth,
            request,
            user,
            claims as Claims & { updateTo: string },
            current,
            callbackURL,
          )
        : await verify(auth, request, user, current);
      return callbackURL ? redirectResponse(callbackURL, []) : json;
    } catch (error) {
      if (!(error instanceof AuthError) || !callbackURL) throw error;
      return redirectResponse(withError(callbackURL, error.code), []);
    }
  },
});

async function readClaims(auth: AuthContext, token: string): Promise<Claims> {
  const result = await verifyToken(auth.options.secret, token, auth.options.now());
  if (!result.ok)
    throw new AuthError(result.kind === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN', { status: 401 });
  const parsed = claimsSchema.safeParse(result.claims);
  if (!parsed.success) throw new AuthError('INVALID_TOKEN', { status: 401 });
  return parsed.data;
}

async function userFor(auth: AuthContext, claims: Claims): Promise<User> {
  const row = claims.updateTo
    ? claims.userId
      ? await findUserById(auth.db, claims.userId)
      : undefined
    : await findUserByEmail(auth.db, claims.email);
  if (claims.updateTo && !claims.userId) throw new AuthError('INVALID_TOKEN', { status: 401 });
  if (!row) throw new AuthError('USER_NOT_FOUND', { status: 401 });
  const user = userFromRow(row, auth.options.additionalFields);
  // A token names both the address and the account; they must still belong together.
  if (claims.userId && claims.userId !== user.id) throw new AuthError('INVALID_TOKEN', { status: 401 });
  if (claims.updateTo && normalizeEmail(user.email) !== normalizeEmail(claims.email)) {
    throw new AuthError('INVALID_TOKEN', { status: 401 });
  }
  return user;
}

async function verify(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  current: ResolvedSession | null,
) {
  if (user.emailVerified) return { status: true, user: null };
  // Whoever opened the link keeps their session; every other one predates the proof and ends.
  const verified = await updateUserRow(
    auth,
    user,
    { emailVerified: true },
    { keepSession: current?.session.token },
  );
  await auth.audit.record(request, {
    type: 'user.email_verified',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
  });
  if (auth.options.emailVerification.autoSignInAfterVerification) {
    if (current && current.user.id === verified.id) reissue(auth, request, current, verified);
    // An emailed link is one factor: a user with two-factor on gets the challenge, not a session.
    else await completeSignIn(auth, request, verified, { kind: 'email-link' });
  } else if (current && current.user.id === verified.id) {
    reissue(auth, request, current, verified);
  }
  return { status: true, user: null };
}

async function changeEmail(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  claims: Claims & { updateTo: string },
  current: ResolvedSession | null,
  callbackURL: string | undefined,
) {
  if (current && current.user.id !== user.id) throw new AuthError('INVALID_USER');
  if (claims.requestType === 'change-email-confirmation') {
    // The current address confirmed the change; now the new address must prove it is reachable.
    const purpose = { kind: 'change-email-verification', newEmail: claims.updateTo } as const;
    await deliverOrFail(sendVerificationEmail(auth, request, user, callbackURL, purpose, claims.updateTo));
    return { status: true };
  }
  const taken = await findUserByEmail(auth.db, claims.updateTo);
  if (taken && taken.id !== user.id)
    throw new AuthError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', { status: 401 });
  // The link reached the new address, so that address is verified by opening it.
  const updated = await updateUserRow(
    auth,
    user,
    { email: claims.updateTo, emailVerified: true },
    { keepSession: current?.session.token },
  );
  await auth.audit.record(request, {
    type: 'user.email_changed',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
    metadata: { verified: true },
  });
  await noticeCredentialChange(auth, request, user, 'email-changed', claims.updateTo);
  if (current) reissue(auth, request, current, updated);
  return { status: true, user: userToJson(updated, auth.options.additionalFields) };
}

function reissue(auth: AuthContext, request: RequestContext, current: ResolvedSession, user: User): void {
  setSessionCookies(auth, request, current.session, user, hasDontRemember(auth, request));
}

/** Adds `error=CODE` to a callback URL, keeping it relative when it was relative. */
export function withError(callbackURL: string, code: ErrorCode): string {
  const relative = callbackURL.startsWith('/');
  const url = new URL(callbackURL, 'http://relative.invalid');
  url.searchParams.set('error', code);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
