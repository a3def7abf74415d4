import type { AuthContext } from '../../context.ts';
import { symmetricDecrypt } from '../../crypto/encryption.ts';
import { toDate } from '../../db/schema.ts';
import type { Answer } from '../../http/answer.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { redirectResponse } from '../../http/respond.ts';
import { findSessionByToken } from '../../session/session.repository.ts';
import { normalizeEmail } from '../../user/email.ts';
import {
  findAccountsByIdentity,
  insertExternalAccount,
  updateAccountTokens,
} from '../../user/external-account.repository.ts';
import { purposeKey } from './account-tokens.ts';
import type { StatePayload } from './oauth-state.ts';
import type { OAuthTokens, ProviderProfile, SocialProvider } from './providers/provider.ts';
import { scopesOf } from './social-account.repository.ts';
import { scopeOf, tokenColumns } from './token-columns.ts';
import { applyUserInfoOnLink } from './update-user-on-link.ts';

export const LINK_SESSION_PURPOSE = 'oauth-link-session-token';

/**
 * The link branch of the callback (docs/protocol/social.md#link-branch), for flows started by /link-social:
 * the provider account joins the user who started the flow, if that user's session is still live
 * and the rules allow it. No session is created.
 */
export async function linkFromCallback(
  auth: AuthContext,
  request: RequestContext,
  provider: SocialProvider,
  profile: ProviderProfile,
  tokens: OAuthTokens,
  state: StatePayload,
  fail: (code: string) => Promise<Answer>,
): Promise<Answer> {
  // The callback sends only link flows with a provider account id here; the guards say so to the types.
  const { link } = state;
  const { accountId } = profile;
  if (!link) return fail('unable_to_link_account');
  if (!accountId) return fail('unable_to_get_user_info');
  const linking = await linkingSession(auth, link.userId, link.encryptedSessionToken);
  if (!linking) return fail('unable_to_link_account');
  const rules = auth.options.account.linking;
  const trusted = rules.trustedProviders.has(provider.id);
  if ((!trusted && !profile.user.emailVerified) || !rules.enabled) return fail('unable_to_link_account');
  const email = profile.user.email ? normalizeEmail(profile.user.email) : null;
  if (email !== normalizeEmail(link.email) && !rules.allowDifferentEmails)
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
      await insertExternalAccount(
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
    // The browser that comes back is the one that started the flow, so the callback's request gives
    // the IP and agent; the session that started it names the actor and any impersonating admin.
    await auth.audit.record(request, {
      type: 'account.linked',
      actor: { type: 'user', id: link.userId, impersonatorId: linking.impersonatedBy ?? null },
      target: { type: 'user', id: link.userId },
      sessionId: linking.id,
      metadata: { provider: provider.id },
    });
  }
  await applyUserInfoOnLink(auth, link.userId, profile);
  return redirectResponse(state.callbackURL, []);
}

/** The session that started the link flow, when it is still live and still the user's; else null. */
async function linkingSession(
  auth: AuthContext,
  userId: string,
  encrypted: string,
): Promise<{ id: string; impersonatedBy: string | null } | null> {
  try {
    const token = symmetricDecrypt(purposeKey(auth.options.secret, LINK_SESSION_PURPOSE), encrypted);
    const row = await findSessionByToken(auth.db, token);
    if (!row || row.userId !== userId) return null;
    if (toDate(row.expiresAt as Date | string).getTime() <= auth.options.now()) return null;
    return { id: row.id, impersonatedBy: row.impersonatedBy ?? null };
  } catch {
    return null;
  }
}
