import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { User } from '../../user/user.ts';
import { type FreshTokens, isDueForRefresh, refreshAndStore, storedTokens } from './account-refresh.ts';
import { accountSelector, callerOf, providerOfAccount, selectedAccount } from './account-selection.ts';
import type { ProviderProfile, SocialProvider } from './providers/provider.ts';
import { type AccountRow, scopesOf } from './social-account.repository.ts';

/**
 * POST /get-access-token (docs/protocol/social.md#get-access-token): a valid access token for one of the
 * caller's accounts.
 */
export const getAccessToken = defineEndpoint({
  name: 'getAccessToken',
  method: 'POST',
  path: '/get-access-token',
  summary: "A valid access token for one of the caller's provider accounts",
  description: 'Refreshed first when it expires within 5 seconds and a refresh token is stored.',
  body: accountSelector,
  requires: 'none',
  readsSession: 'session',
  // Values the account lacks are left out.
  response: z.object({
    accessToken: z.string().optional(),
    accessTokenExpiresAt: z.iso.datetime().optional(),
    scopes: z.array(z.string()),
    idToken: z.string().optional(),
  }),
  // The session is read in the handler: its refusals are declared here.
  errors: [
    ['FAILED_TO_GET_SESSION', 401],
    'UNAUTHORIZED',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_SUPPORTED',
    'FAILED_TO_GET_ACCESS_TOKEN',
  ],
  async handler({ auth, request, body }) {
    const user = await callerOf(auth, request);
    if (!user) throw new AuthError('UNAUTHORIZED');
    const account = await selectedAccount(auth, user, body);
    const tokens = await validTokens(auth, account);
    await recordTokensRead(auth, request, user, account, false);
    return {
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString(),
      scopes: scopesOf(account.scope),
      idToken: tokens.idToken,
    };
  },
});

/**
 * A provider's tokens handed to the client (`account.tokens_read`): like a token exchange, a
 * credential leaves the server, so the owner's activity says when and to which device.
 */
async function recordTokensRead(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  account: AccountRow,
  refreshed: boolean,
): Promise<void> {
  await auth.audit.record(request, {
    type: 'account.tokens_read',
    actor: { type: 'user', id: user.id, email: user.email },
    target: { type: 'account', id: account.id },
    metadata: { provider: account.providerId, refreshed },
  });
}

/** The stored tokens, refreshed first when the access token expires within 5 s. */
async function validTokens(auth: AuthContext, account: AccountRow): Promise<FreshTokens> {
  const provider = providerOfAccount(auth, account);
  try {
    const tokens = storedTokens(auth, account);
    return isDueForRefresh(auth, provider, tokens)
      ? await refreshAndStore(auth, provider, account, tokens)
      : tokens;
  } catch {
    throw new AuthError('FAILED_TO_GET_ACCESS_TOKEN');
  }
}

/** POST /refresh-token (docs/protocol/social.md#refresh-token): refreshes now, whatever the expiry. */
export const refreshToken = defineEndpoint({
  name: 'refreshToken',
  method: 'POST',
  path: '/refresh-token',
  summary: "Refresh the provider tokens of one of the caller's accounts now",
  body: accountSelector,
  requires: 'none',
  readsSession: 'session',
  response: z.object({
    accessToken: z.string().optional(),
    refreshToken: z.string().optional(),
    accessTokenExpiresAt: z.iso.datetime().optional(),
    refreshTokenExpiresAt: z.iso.datetime().optional(),
    scope: z.string().nullable(),
    idToken: z.string().optional(),
    providerId: z.string(),
    accountId: z.string(),
  }),
  errors: [
    ['FAILED_TO_GET_SESSION', 401],
    'UNAUTHORIZED',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_SUPPORTED',
    'TOKEN_REFRESH_NOT_SUPPORTED',
    'REFRESH_TOKEN_NOT_FOUND',
    'FAILED_TO_REFRESH_ACCESS_TOKEN',
  ],
  async handler({ auth, request, body }) {
    const user = await callerOf(auth, request);
    if (!user) throw new AuthError('UNAUTHORIZED');
    const account = await selectedAccount(auth, user, body);
    const provider = providerOfAccount(auth, account);
    if (!provider.refresh) {
      throw new AuthError('TOKEN_REFRESH_NOT_SUPPORTED', { params: { providerId: account.providerId } });
    }
    if (!account.refreshToken) throw new AuthError('REFRESH_TOKEN_NOT_FOUND');
    let tokens: FreshTokens;
    try {
      tokens = await refreshAndStore(auth, provider, account, storedTokens(auth, account));
    } catch {
      throw new AuthError('FAILED_TO_REFRESH_ACCESS_TOKEN');
    }
    await recordTokensRead(auth, request, user, account, true);
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString(),
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt?.toISOString(),
      scope: account.scope,
      idToken: tokens.idToken,
      providerId: account.providerId,
      accountId: account.id,
    };
  },
});

/**
 * GET /account-info?accountId=… (docs/protocol/social.md#account-info): the provider's current view of the
 * person.
 */
export const accountInfo = defineEndpoint({
  name: 'accountInfo',
  method: 'GET',
  path: '/account-info',
  summary: "The provider's current profile of one of the caller's accounts",
  query: z.strictObject({ accountId: z.string().min(1).max(256) }),
  requires: 'none',
  readsSession: 'session',
  // The provider's profile as it reports it now: `user` mapped, `data` raw.
  response: z.object({
    user: z.object({
      id: z.string().nullable(),
      name: z.string(),
      email: z.string().nullable(),
      emailVerified: z.boolean(),
      image: z.string().nullable(),
    }),
    data: z.record(z.string(), z.unknown()),
    account: z.object({ id: z.string(), providerId: z.string(), accountId: z.string() }),
  }),
  errors: [
    ['FAILED_TO_GET_SESSION', 401],
    'UNAUTHORIZED',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_CONFIGURED',
    'PROVIDER_NOT_SUPPORTED',
    'FAILED_TO_GET_ACCESS_TOKEN',
    'ACCESS_TOKEN_NOT_FOUND',
    'FAILED_TO_GET_USER_INFO',
  ],
  async handler({ auth, request, query }) {
    const user = await callerOf(auth, request);
    if (!user) throw new AuthError('UNAUTHORIZED');
    const account = await selectedAccount(auth, user, query);
    const provider = auth.providers.get(account.providerId);
    if (!provider) throw new AuthError('PROVIDER_NOT_CONFIGURED');
    const tokens = await validTokens(auth, account);
    if (!tokens.accessToken) throw new AuthError('ACCESS_TOKEN_NOT_FOUND');
    const profile = await currentProfile(provider, tokens);
    if (!profile) throw new AuthError('FAILED_TO_GET_USER_INFO');
    return {
      user: { ...profile.user, id: profile.accountId },
      data: profile.data,
      account: { id: account.id, providerId: account.providerId, accountId: account.accountId },
    };
  },
});

async function currentProfile(
  provider: SocialProvider,
  tokens: FreshTokens,
): Promise<ProviderProfile | null> {
  try {
    // Providers that read id tokens verify the stored one; OpenID ones ask their userinfo endpoint.
    return await provider.userInfo({
      tokens: { accessToken: tokens.accessToken, idToken: tokens.idToken, scopes: [] },
      forAccountInfo: true,
    });
  } catch {
    return null;
  }
}
