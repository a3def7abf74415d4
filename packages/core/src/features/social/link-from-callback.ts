import type { AuthContext } from '../../context.ts';
import { symmetricDecrypt } from '../../crypto/encryption.ts';
import { toDate } from '../../db/schema.ts';
import type { Answer } from '../../http/answer.ts';
import { redirectResponse } from '../../http/respond.ts';
import { findSessionByToken } from '../../session/session.repository.ts';
import { normalizeEmail } from '../../user/email.ts';
import { purposeKey } from './account-tokens.ts';
import type { StatePayload } from './oauth-state.ts';
import type { OAuthTokens, ProviderProfile, SocialProvider } from './providers/provider.ts';
import { scopeOf, tokenColumns } from './sign-in-with-profile.ts';
import {
  findAccountsByIdentity,
  insertSocialAccount,
  scopesOf,
  updateAccountTokens,
} from './social-account.repository.ts';
import { applyUserInfoOnLink } from './update-user-on-link.ts';

export const LINK_SESSION_PURPOSE = 'oauth-link-session-token';

/**
 * The link branch of the callback (docs/protocol/social.md#link-branch), for flows started by /link-social:
 * the provider account joins the user who started the flow, if that user's session is still live
 * and the rules allow it. No session is created.
 */
export async function linkFromCallback(
  auth: AuthContext,
  provider: SocialProvider,
  profile: ProviderProfile,
  tokens: OAuthTokens,
  state: StatePayload,
  fail: (code: string) => Answer,
): Promise<Answer> {
  // The callback sends only link flows with a provider account id here; the guards say so to the types.
  const { link } = state;
  const { accountId } = profile;
  if (!link) return fail('unable_to_link_account');
  if (!accountId) return fail('unable_to_get_user_info');
  if (!(await linkSessionIsLive(auth, link.userId, link.encryptedSessionToken))) {
    return fail('unable_to_link_account');
  }
  const linking = auth.options.account.linking;
  const trusted = linking.trustedProviders.has(provider.id);
  if ((!trusted && !profile.user.emailVerified) || !linking.enabled) return fail('unable_to_link_account');
  const email = profile.user.email ? normalizeEmail(profile.user.email) : null;
  if (email !== normalizeEmail(link.email) && !linking.allowDifferentEmails)
    return fail('email_does_not_match');

  const columns = tokenColumns(auth, tokens);
  const now = auth.options.now();
  const existing = await findAccountsByIdentity(auth.db, provider.id, accountId);
  const [account] = existing;
  if (account && account.userId !== link.userId) return fail('account_already_linked_to_different_user');
  if (account) {
    // Explicit linking is the one path that widens the stored scopes.
    const scopes = [...new Set([...scopesOf(account.scope), ...tokens.scopes])];
    await updateAccountTokens(auth.db, account.id, { ...columns, scope: scopes.join(',') }, now);
  } else {
    try {
      await insertSocialAccount(
        auth.db,
        {
          ...columns,
          userId: link.userId,
          providerId: provider.id,
          accountId,
          scope: scopeOf(tokens),
        },
        now,
      );
    } catch {
      return fail('unable_to_link_account');
    }
  }
  if (!account) {
    // The callback is a redirect without the linking session's request at hand: no IP is recorded.
    await auth.audit.record(undefined, {
      type: 'account.linked',
      actor: { type: 'user', id: link.userId },
      target: { type: 'user', id: link.userId },
      metadata: { provider: provider.id },
    });
  }
  await applyUserInfoOnLink(auth, link.userId, profile);
  return redirectResponse(state.callbackURL, []);
}

async function linkSessionIsLive(auth: AuthContext, userId: string, encrypted: string): Promise<boolean> {
  try {
    const token = symmetricDecrypt(purposeKey(auth.options.secret, LINK_SESSION_PURPOSE), encrypted);
    const row = await findSessionByToken(auth.db, token);
    if (!row || row.userId !== userId) return false;
    return toDate(row.expiresAt as Date | string).getTime() > auth.options.now();
  } catch {
    return false;
  }
}
