import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import { logFailedSend } from '../email/deliver.ts';
import type { RequestContext } from '../http/request-context.ts';
import { parseAdditionalFields } from './additional-fields.ts';
import { normalizeEmail } from './email.ts';
import {
  type AccountTokenColumns,
  findAccountsByIdentity,
  insertExternalAccount,
  updateAccountTokens,
} from './external-account.repository.ts';
import { signUpRefusal } from './sign-up-policy.ts';
import { updateUserRow } from './update-user-row.ts';
import { findUserByEmail, findUserById, insertUser } from './user.repository.ts';
import { type User, userFromRow } from './user.ts';
import { sendVerificationEmail } from './verification-email.ts';

/**
 * Where a verified identity comes from (a social provider, an SSO connection), as this request sees
 * it: what its account is stored under and how far its word is taken.
 */
export interface IdentitySource {
  /** The account's `providerId`, and the `provider` the audit events name. */
  providerId: string;
  /** The audit events' `method`. */
  method: 'social' | 'sso';
  /** Its word on an address counts as proof for implicit linking even when the profile does not claim it. */
  trusted: boolean;
  /** Whether someone this server does not know yet may become a new user (the sign-up policy still applies). */
  allowSignUp: boolean;
  /** The profile's name, image and address replace the user's at every sign-in of a known user. */
  overrideUserInfo: boolean;
  /** What the account row keeps of this sign-in: tokens already sealed, the granted scopes. */
  account: AccountTokenColumns & { scope: string | null };
  /** Passed on to the verification mail of a new user. */
  verificationCallbackURL?: string;
}

/** The person as the source vouches for them; the address is always there. */
export interface ExternalProfile {
  /** The source's stable id of the person. */
  accountId: string;
  user: { name: string; email: string; emailVerified: boolean; image: string | null };
}

/**
 * Why an identity could not be resolved to a user. Each source answers these in its own wire
 * format (social: its callback reasons).
 */
export type IdentityRefusalReason =
  /** Reading the identity or the address failed, or two accounts hold the same identity. */
  | 'lookup_failed'
  /** The identity's account belongs to a user who is gone. */
  | 'orphaned_account'
  /** A user has the address, but the linking rules refuse to join the identity to them. */
  | 'not_linked'
  | 'link_failed'
  /** The source or the server's sign-up policy refuses a new user. */
  | 'sign_up_refused'
  | 'create_failed'
  | 'update_failed';

export class IdentityRefusal extends Error {
  override name = 'IdentityRefusal';
  constructor(readonly reason: IdentityRefusalReason) {
    super(reason);
  }
}

/**
 * The user a source's verified identity belongs to (docs/protocol/social.md#user-resolution): the
 * account by its identity first, then a user with the same address (implicit linking, only under
 * the linking rules), else a new user, recorded as `account.linked` or `user.signed_up`. No
 * session is made: the caller signs the user in, or refuses with what `IdentityRefusal` says.
 */
export async function linkOrCreateUser(
  auth: AuthContext,
  request: RequestContext,
  source: IdentitySource,
  profile: ExternalProfile,
): Promise<{ user: User; isNew: boolean }> {
  const email = normalizeEmail(profile.user.email);
  const accounts = await findAccountsByIdentity(auth.db, source.providerId, profile.accountId).catch(
    () => null,
  );
  if (accounts === null || accounts.length > 1) throw new IdentityRefusal('lookup_failed');
  const [account] = accounts;
  let user: User;
  if (account) {
    // An account whose user is gone never falls back to the address: that would hand the account over.
    const row = await findUserById(auth.db, account.userId);
    if (!row) throw new IdentityRefusal('orphaned_account');
    user = userFromRow(row, auth.options.additionalFields);
    // A refusal from here on (a banned user) is about this account: its owner sees it.
    request.outcome.about({ type: 'user', id: user.id });
    if (auth.options.account.updateAccountOnSignIn) {
      const { scope: _kept, ...tokens } = source.account;
      await updateAccountTokens(auth.db, account.id, tokens, auth.options.now()).catch(() => {
        throw new IdentityRefusal('update_failed');
      });
    }
    if (profile.user.emailVerified && !user.emailVerified && user.email === email) {
      user = await updateUserRow(auth, user, { emailVerified: true });
    }
  } else {
    const row = await findUserByEmail(auth.db, email).catch(() => {
      throw new IdentityRefusal('lookup_failed');
    });
    if (!row) return { user: await signUp(auth, request, source, profile, email), isNew: true };
    user = userFromRow(row, auth.options.additionalFields);
    request.outcome.about({ type: 'user', id: user.id });
    await linkImplicitly(auth, request, source, profile, user);
  }
  if (source.overrideUserInfo) {
    const emailChanged = user.email !== email;
    user = await updateUserRow(auth, user, {
      name: profile.user.name,
      image: profile.user.image,
      email,
      emailVerified: emailChanged
        ? profile.user.emailVerified
        : user.emailVerified || profile.user.emailVerified,
    });
  }
  return { user, isNew: false };
}

/**
 * Implicit linking (docs/protocol/social.md#user-resolution, docs/protocol/social.md#pitfalls): the source
 * must vouch for the address (or be trusted), and the local address must have been proven too. Without the
 * second rule, someone who registered the victim's address without owning it would capture the victim's first
 * sign-in.
 */
function mayLinkImplicitly(auth: AuthContext, source: IdentitySource, profile: ExternalProfile, user: User) {
  const linking = auth.options.account.linking;
  if (!linking.enabled || linking.disableImplicitLinking) return false;
  if (!source.trusted && !profile.user.emailVerified) return false;
  if (linking.requireLocalEmailVerified && !user.emailVerified) return false;
  return true;
}

async function linkImplicitly(
  auth: AuthContext,
  request: RequestContext,
  source: IdentitySource,
  profile: ExternalProfile,
  user: User,
): Promise<void> {
  if (!mayLinkImplicitly(auth, source, profile, user)) throw new IdentityRefusal('not_linked');
  await insertExternalAccount(
    auth.db,
    { ...source.account, userId: user.id, providerId: source.providerId, accountId: profile.accountId },
    auth.options.now(),
  ).catch(() => {
    throw new IdentityRefusal('link_failed');
  });
  await auth.audit.record(request, {
    type: 'account.linked',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
    metadata: { provider: source.providerId, implicit: true },
  });
}

async function signUp(
  auth: AuthContext,
  request: RequestContext,
  source: IdentitySource,
  profile: ExternalProfile,
  email: string,
): Promise<User> {
  // The server's policy refuses with the same reason as the source's own switch.
  if (!source.allowSignUp || (await signUpRefusal(auth, email)) !== null)
    throw new IdentityRefusal('sign_up_refused');
  const user = await createUser(auth, source, profile, email);
  await auth.audit.record(request, {
    type: 'user.signed_up',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id },
    metadata: { method: source.method, provider: source.providerId },
  });
  if (!user.emailVerified && auth.options.emailVerification.sendOnSignUp) {
    await sendVerificationEmail(auth, request, user, source.verificationCallbackURL).catch(
      logFailedSend(
        auth,
        `Could not send the verification email after a ${source.method} sign-up`,
        request.log,
      ),
    );
  }
  return user;
}

/** The user and their account land together, or neither does. */
async function createUser(
  auth: AuthContext,
  source: IdentitySource,
  profile: ExternalProfile,
  email: string,
): Promise<User> {
  const now = auth.options.now();
  const id = generateId();
  try {
    const additional = parseAdditionalFields(auth.options.additionalFields, {}, 'create');
    await auth.db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        ...additional,
        id,
        name: profile.user.name,
        email,
        emailVerified: profile.user.emailVerified ? 1 : 0,
        image: profile.user.image,
        createdAt: isoNow(now),
        updatedAt: isoNow(now),
      });
      await insertExternalAccount(
        trx,
        { ...source.account, userId: id, providerId: source.providerId, accountId: profile.accountId },
        now,
      );
    });
  } catch {
    throw new IdentityRefusal('create_failed');
  }
  const row = await findUserById(auth.db, id);
  if (!row) throw new IdentityRefusal('create_failed');
  return userFromRow(row, auth.options.additionalFields);
}
