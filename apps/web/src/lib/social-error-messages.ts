/**
 * The `?error=` codes a social sign-in or link can come back with
 * (docs/protocol/social.md#callback-error-codes), in words a person understands. Provider codes
 * (RFC 6749 §4.1.2.1) that are not listed get the generic text. The provider's `error_description` is never
 * shown: anyone can put text in a link to this page, and it would appear in our own pages as if we had
 * written it.
 */
export interface SocialErrorText {
  title: string;
  message: string;
}

const TRY_AGAIN = 'Please try again.';

/** The application's validateUserInfo gate said no. */
const REFUSED_BY_RULES: SocialErrorText = {
  title: 'This account is not allowed here',
  message: 'The server’s rules do not allow this account to sign in.',
};

const TEXTS: Record<string, SocialErrorText> = {
  access_denied: {
    title: 'Sign-in was cancelled',
    message:
      'The provider did not give Gatehouse access, so you are not signed in. You can try again, or use another way to sign in.',
  },
  state_not_found: {
    title: 'This sign-in link is not complete',
    message: `The answer from the provider was missing its security check, so it was refused. ${TRY_AGAIN}`,
  },
  state_mismatch: {
    title: 'This sign-in has expired',
    message: `The sign-in took too long, was already used, or was started in another browser. Start again from this browser. ${TRY_AGAIN}`,
  },
  state_invalid: {
    title: 'This sign-in has expired',
    message: `The security check of this sign-in could not be read. Start again from this browser. ${TRY_AGAIN}`,
  },
  account_already_linked_to_different_user: {
    title: 'That account belongs to someone else',
    message:
      'This account at the provider is already connected to another Gatehouse account. Sign in to that account instead, or use a different account at the provider.',
  },
  email_not_found: {
    title: 'The provider did not share your email',
    message:
      'Gatehouse needs an email address to sign you in. Allow the provider to share your email, or make it public there, then try again.',
  },
  email_does_not_match: {
    title: 'The email addresses do not match',
    message:
      'The account at the provider uses a different email address from this Gatehouse account, so it was not connected.',
  },
  account_not_linked: {
    title: 'Sign in with your password first',
    message:
      'An account with this email already exists. To keep it safe it was not connected automatically: sign in with your email and password, then connect the provider from your account.',
  },
  unable_to_link_account: {
    title: 'The account could not be connected',
    message: `The provider’s account could not be connected to yours, for example because its email is not verified there or because your session ended. ${TRY_AGAIN}`,
  },
  email_not_verified: {
    title: 'Please verify your email first',
    message: 'Open the verification link we sent you, then sign in again.',
  },
  signup_disabled: {
    title: 'New accounts cannot be created this way',
    message:
      'There is no account for this email, and this server does not create accounts through this provider.',
  },
  unable_to_get_user_info: {
    title: 'The provider did not tell us who you are',
    message: `Gatehouse could not read your profile from the provider. ${TRY_AGAIN}`,
  },
  invalid_code: {
    title: 'The provider’s answer was refused',
    message: `The sign-in code from the provider could not be used; it may have expired. ${TRY_AGAIN}`,
  },
  oauth_provider_not_found: {
    title: 'This provider is not available',
    message: 'This server does not offer sign-in with that provider.',
  },
  no_code: {
    title: 'The provider’s answer was incomplete',
    message: `The provider sent you back without a sign-in code. ${TRY_AGAIN}`,
  },
  issuer_mismatch: {
    title: 'The provider’s answer failed a security check',
    message: `The answer did not come from the provider this sign-in was started with, so it was refused. ${TRY_AGAIN}`,
  },
  nonce_binding_missing: {
    title: 'The provider’s answer failed a security check',
    message: `This sign-in was missing part of its security check, so it was refused. ${TRY_AGAIN}`,
  },
  unable_to_create_user: {
    title: 'Your account could not be created',
    message: `The server could not save your new account. ${TRY_AGAIN}`,
  },
  unable_to_create_session: {
    title: 'You could not be signed in',
    message: `The provider confirmed who you are, but the server could not start your session. ${TRY_AGAIN}`,
  },
  unable_to_update_account: {
    title: 'You could not be signed in',
    message: `The server could not update your connected account. ${TRY_AGAIN}`,
  },
  internal_server_error: {
    title: 'Something went wrong on our side',
    message: `The server ran into a problem while finishing your sign-in. ${TRY_AGAIN}`,
  },
  validation_failed: REFUSED_BY_RULES,
  validation_source_missing: REFUSED_BY_RULES,
};

const GENERIC: SocialErrorText = {
  title: 'Sign-in did not work',
  message: `Something went wrong while signing in with the provider. ${TRY_AGAIN}`,
};

export function socialErrorText(code: string | null): SocialErrorText {
  return (code !== null && Object.hasOwn(TEXTS, code) && TEXTS[code]) || GENERIC;
}

/** Shows a code for support only when it looks like one, so the page can't be used to print text. */
export function displayableCode(code: string | null): string | null {
  return code !== null && /^[a-z0-9_]{1,64}$/i.test(code) ? code : null;
}
