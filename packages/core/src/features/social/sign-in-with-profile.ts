import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { completeSignIn, type SignInOutcome } from '../../session/sign-in-gate.ts';
import {
  IdentityRefusal,
  type IdentityRefusalReason,
  linkOrCreateUser,
} from '../../user/external-identity.ts';
import type { User } from '../../user/user.ts';
import type { OAuthTokens, ProviderProfile, SocialProvider } from './providers/provider.ts';
import { type FlowReason, SocialFlowError } from './social-flow-error.ts';
import { scopeOf, tokenColumns } from './token-columns.ts';

export interface VerifiedProfile extends ProviderProfile {
  accountId: string;
  user: ProviderProfile['user'] & { email: string };
}

export interface SignInChoices {
  disableSignUp: boolean;
  /** Passed on to the verification mail of a new user. */
  callbackURL?: string;
}

/** The protocol's reason for each refusal of the user resolution (docs/protocol/social.md#callback-error-codes). */
const flowReasons: Record<IdentityRefusalReason, FlowReason> = {
  lookup_failed: 'internal_server_error',
  orphaned_account: 'unable to link account',
  not_linked: 'account not linked',
  link_failed: 'unable to link account',
  sign_up_refused: 'signup disabled',
  create_failed: 'unable to create user',
  update_failed: 'unable to update account',
};

/**
 * Signs a provider's user in (docs/protocol/social.md#user-resolution): the user the provider's identity
 * resolves to (`linkOrCreateUser`, under the account linking rules and the sign-up policy), then a new
 * session (or a second-factor challenge). Every refusal is a SocialFlowError naming the protocol's reason
 * (docs/protocol/social.md#callback-error-codes).
 */
export async function signInWithProfile(
  auth: AuthContext,
  request: RequestContext,
  provider: SocialProvider,
  profile: VerifiedProfile,
  tokens: OAuthTokens,
  choices: SignInChoices,
): Promise<{ user: User; outcome: SignInOutcome; isNew: boolean }> {
  let resolved: { user: User; isNew: boolean };
  try {
    resolved = await linkOrCreateUser(
      auth,
      request,
      {
        providerId: provider.id,
        method: 'social',
        trusted: auth.options.account.linking.trustedProviders.has(provider.id),
        allowSignUp: !choices.disableSignUp,
        overrideUserInfo: provider.settings.overrideUserInfoOnSignIn,
        account: { ...tokenColumns(auth, tokens), scope: scopeOf(tokens) },
        verificationCallbackURL: choices.callbackURL,
      },
      profile,
    );
  } catch (error) {
    if (error instanceof IdentityRefusal) throw new SocialFlowError(flowReasons[error.reason]);
    throw error;
  }
  const { user, isNew } = resolved;
  let outcome: SignInOutcome;
  try {
    outcome = await completeSignIn(auth, request, user, { kind: 'social', provider: provider.id });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new SocialFlowError('unable to create session');
  }
  return { user, outcome, isNew };
}
