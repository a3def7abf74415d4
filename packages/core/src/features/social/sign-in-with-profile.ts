import type { AuthContext } from '../../context.ts';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { logFailedSend } from '../../email/deliver.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { completeSignIn, type SignInOutcome } from '../../session/sign-in-gate.ts';
import { parseAdditionalFields } from '../../user/additional-fields.ts';
import { normalizeEmail } from '../../user/email.ts';
import { signUpRefusal } from '../../user/sign-up-policy.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserByEmail, findUserById, insertUser } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';
import { sendVerificationEmail } from '../../user/verification-email.ts';
import { sealToken } from './account-tokens.ts';
import type { OAuthTokens, ProviderProfile, SocialProvider } from './providers/provider.ts';
import {
  type AccountTokenColumns,
  findAccountsByIdentity,
  insertSocialAccount,
  updateAccountTokens,
} from './social-account.repository.ts';
import { SocialFlowError } from './social-flow-error.ts';

export interface VerifiedProfile extends ProviderProfile {
  accountId: string;
  user: ProviderProfile['user'] & { email: string };
}

export interface SignInChoices {
  disableSignUp: boolean;
  /** Passed on to the verification mail of a new user. */
  callbackURL?: string;
}

/**
 * Signs a provider's user in (docs/protocol/social.md#user-resolution): the account by its provider identity
 * first, then a user with the same email (implicit linking, only under the linking rules), else a new user.
 * Ends with a new session (or a second-factor challenge); every refusal is a SocialFlowError naming the
 * protocol's reason (docs/protocol/social.md#callback-error-codes).
 */
export async function signInWithProfile(
  auth: AuthContext,
  request: RequestContext,
  provider: SocialProvider,
  profile: VerifiedProfile,
  tokens: OAuthTokens,
  choices: SignInChoices,
): Promise<{ user: User; outcome: SignInOutcome; isNew: boolean }> {
  const email = normalizeEmail(profile.user.email);
  const columns = tokenColumns(auth, tokens);
  let user: User;
  let isNew = false;

  const accounts = await findAccountsByIdentity(auth.db, provider.id, profile.accountId).catch(() => null);
  if (accounts === null || accounts.length > 1) throw new SocialFlowError('internal_server_error');
  const [account] = accounts;
  if (account) {
    // An account whose user is gone never falls back to the email: that would hand the account over.
    const row = await findUserById(auth.db, account.userId);
    if (!row) throw new SocialFlowError('unable to link account');
    user = userFromRow(row, auth.options.additionalFields);
    // A refusal from here on (a banned user) is about this account: its owner sees it.
    request.outcome.about({ type: 'user', id: user.id });
    if (auth.options.account.updateAccountOnSignIn) {
      await updateAccountTokens(auth.db, account.id, columns, auth.options.now()).catch(() => {
        throw new SocialFlowError('unable to update account');
      });
    }
    if (profile.user.emailVerified && !user.emailVerified && user.email === email) {
      user = await updateUserRow(auth, user, { emailVerified: true });
    }
  } else {
    const row = await findUserByEmail(auth.db, email).catch(() => {
      throw new SocialFlowError('internal_server_error');
    });
    if (row) {
      user = userFromRow(row, auth.options.additionalFields);
      request.outcome.about({ type: 'user', id: user.id });
      if (!mayLinkImplicitly(auth, provider.id, profile, user))
        throw new SocialFlowError('account not linked');
      await insertSocialAccount(
        auth.db,
        {
          ...columns,
          userId: user.id,
          providerId: provider.id,
          accountId: profile.accountId,
          scope: scopeOf(tokens),
        },
        auth.options.now(),
      ).catch(() => {
        throw new SocialFlowError('unable to link account');
      });
      await auth.audit.record(request, {
        type: 'account.linked',
        actor: { type: 'user', id: user.id, email: user.email },
        target: { type: 'user', id: user.id },
        metadata: { provider: provider.id, implicit: true },
      });
    } else {
      // The server's policy refuses with the protocol's own reason for a provider's disableSignUp.
      if (choices.disableSignUp || (await signUpRefusal(auth, email)) !== null)
        throw new SocialFlowError('signup disabled');
      user = await createSocialUser(auth, provider, profile, email, columns, scopeOf(tokens));
      isNew = true;
      await auth.audit.record(request, {
        type: 'user.signed_up',
        actor: { type: 'user', id: user.id, email: user.email },
        target: { type: 'user', id: user.id },
        metadata: { method: 'social', provider: provider.id },
      });
    }
  }
  if (!isNew && provider.settings.overrideUserInfoOnSignIn) {
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
  if (isNew && !user.emailVerified && auth.options.emailVerification.sendOnSignUp) {
    await sendVerificationEmail(auth, request, user, choices.callbackURL).catch(
      logFailedSend(auth, 'Could not send the verification email after a social sign-up', request.log),
    );
  }
  let outcome: SignInOutcome;
  try {
    outcome = await completeSignIn(auth, request, user, { kind: 'social', provider: provider.id });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new SocialFlowError('unable to create session');
  }
  return { user, outcome, isNew };
}

/**
 * Implicit linking (docs/protocol/social.md#user-resolution, docs/protocol/social.md#pitfalls): the provider
 * must vouch for the email (or be trusted), and the local address must have been proven too. Without the
 * second rule, someone who registered the victim's address without owning it would capture the victim's first
 * sign-in.
 */
function mayLinkImplicitly(
  auth: AuthContext,
  providerId: string,
  profile: VerifiedProfile,
  user: User,
): boolean {
  const linking = auth.options.account.linking;
  if (!linking.enabled || linking.disableImplicitLinking) return false;
  if (!linking.trustedProviders.has(providerId) && !profile.user.emailVerified) return false;
  if (linking.requireLocalEmailVerified && !user.emailVerified) return false;
  return true;
}

async function createSocialUser(
  auth: AuthContext,
  provider: SocialProvider,
  profile: VerifiedProfile,
  email: string,
  columns: AccountTokenColumns,
  scope: string | null,
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
      await insertSocialAccount(
        trx,
        { ...columns, userId: id, providerId: provider.id, accountId: profile.accountId, scope },
        now,
      );
    });
  } catch {
    throw new SocialFlowError('unable to create user');
  }
  const row = await findUserById(auth.db, id);
  if (!row) throw new SocialFlowError('unable to create user');
  return userFromRow(row, auth.options.additionalFields);
}

/** Token columns as stored: access and refresh sealed when encryption is on, the id token as is. */
export function tokenColumns(auth: AuthContext, tokens: OAuthTokens): AccountTokenColumns {
  return {
    accessToken: sealToken(auth, tokens.accessToken),
    refreshToken: sealToken(auth, tokens.refreshToken),
    idToken: tokens.idToken,
    accessTokenExpiresAt: expiryOf(auth, tokens.accessTokenExpiresIn),
    refreshTokenExpiresAt: expiryOf(auth, tokens.refreshTokenExpiresIn),
  };
}

export const scopeOf = (tokens: OAuthTokens): string | null =>
  tokens.scopes.length > 0 ? tokens.scopes.join(',') : null;

/** now + lifetime, on the engine's clock (docs/protocol/social.md#token-storage). */
export const expiryOf = (auth: AuthContext, seconds: number | undefined): Date | undefined =>
  seconds === undefined ? undefined : new Date(auth.options.now() + seconds * 1000);
