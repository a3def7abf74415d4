import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { symmetricEncrypt } from '../../crypto/encryption.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { normalizeEmail } from '../../user/email.ts';
import {
  findAccountsByIdentity,
  insertExternalAccount,
  updateAccountTokens,
} from '../../user/external-account.repository.ts';
import type { User } from '../../user/user.ts';
import { purposeKey, sealToken } from './account-tokens.ts';
import { profileFromIdToken, type SubmittedIdToken } from './id-token-profile.ts';
import { LINK_SESSION_PURPOSE } from './link-from-callback.ts';
import type { SocialProvider } from './providers/provider.ts';
import { ID_TOKEN_REFUSALS, linkSocialBody, startedFlowJson } from './social-schemas.ts';
import { providerOr404, startRedirectFlow } from './start-flow.ts';
import { applyUserInfoOnLink } from './update-user-on-link.ts';

/**
 * POST /link-social (docs/protocol/social.md#link-social): joins another provider account to the signed-in
 * user, through the redirect flow (finished by the callback's link branch) or from an id token.
 */
export const linkSocial = defineEndpoint({
  name: 'linkSocial',
  method: 'POST',
  path: '/link-social',
  summary: 'Link another provider account to the signed-in user',
  description: 'Through the redirect flow (finished by the callback), or at once from an `idToken`.',
  body: linkSocialBody,
  requires: 'sensitive',
  response: z.union([
    startedFlowJson,
    z.object({ url: z.literal(''), status: z.literal(true), redirect: z.literal(false) }),
  ]),
  errors: [
    'PROVIDER_NOT_FOUND',
    ...ID_TOKEN_REFUSALS,
    'SOCIAL_ACCOUNT_ALREADY_LINKED',
    'LINKING_NOT_ALLOWED',
    'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED',
    'LINKING_FAILED',
    // The user deleted while the profile was applied.
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body, session: { session, user } }) {
    const provider = providerOr404(auth, body.provider);
    if (body.idToken) return linkFromIdToken(auth, request, provider, user, body.idToken);
    return startRedirectFlow(auth, request, provider, body, {
      userId: user.id,
      email: user.email,
      // The callback checks that this very session is still live when the flow comes back.
      encryptedSessionToken: symmetricEncrypt(
        purposeKey(auth.options.secret, LINK_SESSION_PURPOSE),
        session.token,
      ),
    });
  },
});

async function linkFromIdToken(
  auth: AuthContext,
  request: RequestContext,
  provider: SocialProvider,
  user: User,
  idToken: SubmittedIdToken,
): Promise<object> {
  const profile = await profileFromIdToken(provider, idToken);
  const now = auth.options.now();
  const columns = {
    accessToken: sealToken(auth, idToken.accessToken),
    refreshToken: sealToken(auth, idToken.refreshToken),
    idToken: idToken.token,
  };
  const [account] = await findAccountsByIdentity(auth.db, provider.id, profile.accountId);
  // Ownership is checked before the trust and email rules: another user's account is never touched.
  if (account && account.userId !== user.id) throw new AuthError('SOCIAL_ACCOUNT_ALREADY_LINKED');
  if (account) {
    await updateAccountTokens(auth.db, account.id, columns, now);
  } else {
    const linking = auth.options.account.linking;
    const trusted = linking.trustedProviders.has(provider.id);
    if ((!trusted && !profile.user.emailVerified) || !linking.enabled)
      throw new AuthError('LINKING_NOT_ALLOWED');
    if (normalizeEmail(profile.user.email) !== normalizeEmail(user.email) && !linking.allowDifferentEmails) {
      throw new AuthError('LINKING_DIFFERENT_EMAILS_NOT_ALLOWED');
    }
    try {
      await insertExternalAccount(
        auth.db,
        { ...columns, userId: user.id, providerId: provider.id, accountId: profile.accountId, scope: null },
        now,
      );
    } catch {
      throw new AuthError('LINKING_FAILED');
    }
    await auth.audit.record(request, {
      type: 'account.linked',
      actor: { type: 'user', id: user.id, email: user.email },
      target: { type: 'user', id: user.id },
      metadata: { provider: provider.id },
    });
  }
  await applyUserInfoOnLink(auth, user.id, profile);
  return { url: '', status: true, redirect: false };
}
