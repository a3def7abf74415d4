import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import { isServiceUnavailable } from '../db/unavailable.ts';
import type { RequestContext } from '../http/request-context.ts';
import { rememberSignUpDevice } from '../notices/security-notices.ts';
import { normalizeEmail } from '../user/email.ts';
import { signUpRefusal } from '../user/sign-up-policy.ts';
import { claimUnprovenAccount } from '../user/take-over.repository.ts';
import { reloadUser } from '../user/update-user-row.ts';
import { findUserByEmail, insertUser } from '../user/user.repository.ts';
import { type User, userFromRow } from '../user/user.ts';
import { rememberRevoked } from './revocations.ts';
import { completeSignIn, type SignInOutcome } from './sign-in-gate.ts';

/** An address just proven by an emailed link or code, and who to create when it has no account. */
export interface ProvenAddress {
  email: string;
  method: 'email-link' | 'email-otp';
  /** A new account's name, image and database-ready additional fields. */
  newUser: { name: string; image: string | null; additional: Record<string, unknown> };
}

export type EmailSignIn =
  | { refused?: undefined; user: User; isNew: boolean; outcome: SignInOutcome }
  /** No account, and the sign-up policy lets nobody create one for this address. */
  | { refused: 'closed' | 'invite-only' };

/** The JSON routes' refusal when the sign-up policy keeps a proven address out. */
export const SIGN_UP_REFUSAL = { closed: 'SIGN_UP_CLOSED', 'invite-only': 'SIGN_UP_INVITE_ONLY' } as const;

/**
 * Signs in whoever proved the address (docs/protocol/passwordless.md#12-get-magic-linkverify,
 * docs/protocol/passwordless.md#22-post-sign-inemail-otp): a new address gets a verified account
 * when the sign-up policy allows it; an account whose address nobody had proven is taken over
 * first, so the person who proved it inherits no session or credential of whoever registered it;
 * then the sign-in gate decides, as for every first factor (a second factor may be owed).
 */
export async function signInProvenAddress(
  auth: AuthContext,
  request: RequestContext,
  proven: ProvenAddress,
): Promise<EmailSignIn> {
  request.outcome.signingIn(proven.method);
  const row = await findUserByEmail(auth.db, proven.email);
  let user: User;
  let isNew = false;
  if (row) {
    user = await takeOverIfUnproven(auth, request, userFromRow(row, auth.options.additionalFields));
  } else {
    const refused = await signUpRefusal(auth, proven.email);
    if (refused) return { refused };
    ({ user, isNew } = await createProvenUser(auth, request, proven));
  }
  request.outcome.about({ type: 'user', id: user.id });
  return { user, isNew, outcome: await completeSignIn(auth, request, user, { kind: proven.method }) };
}

async function takeOverIfUnproven(auth: AuthContext, request: RequestContext, user: User): Promise<User> {
  if (user.emailVerified) return user;
  const ended = await claimUnprovenAccount(auth.db, user.id, auth.options.now());
  // Null: another proof claimed it a moment ago, and recorded it.
  if (ended !== null) {
    await rememberRevoked(auth, ended);
    await auth.audit.record(request, {
      type: 'user.email_verified',
      actor: { type: 'user', id: user.id, email: user.email },
      target: { type: 'user', id: user.id },
      metadata: { takenOver: true, sessionsRevoked: ended.length },
    });
  }
  return reloadUser(auth, user.id);
}

async function createProvenUser(
  auth: AuthContext,
  request: RequestContext,
  proven: ProvenAddress,
): Promise<{ user: User; isNew: boolean }> {
  const now = auth.options.now();
  const id = generateId();
  const email = normalizeEmail(proven.email);
  try {
    await insertUser(auth.db, {
      ...proven.newUser.additional,
      id,
      name: proven.newUser.name,
      email,
      emailVerified: 1,
      image: proven.newUser.image,
      createdAt: isoNow(now),
      updatedAt: isoNow(now),
    });
  } catch (error) {
    if (isServiceUnavailable(error)) throw error;
    // Two proofs of one new address at once: the unique index decides, the other signs in to it.
    const winner = await findUserByEmail(auth.db, email);
    if (!winner) throw error;
    return { user: userFromRow(winner, auth.options.additionalFields), isNew: false };
  }
  const user = await reloadUser(auth, id);
  await auth.audit.record(request, {
    type: 'user.signed_up',
    actor: { type: 'user', id, email },
    target: { type: 'user', id },
    sessionId: null,
    metadata: { method: proven.method },
  });
  await rememberSignUpDevice(auth, request, user);
  return { user, isNew: true };
}
