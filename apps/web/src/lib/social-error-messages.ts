import type { MessageKey } from '../i18n/en.ts';

/**
 * The `?error=` codes a social sign-in or link can come back with
 * (docs/protocol/social.md#callback-error-codes), as catalogue keys (i18n/messages/social.ts).
 * Provider codes (RFC 6749 §4.1.2.1) that are not listed get the generic text. The provider's
 * `error_description` is never shown: anyone can put text in a link to this page, and it would
 * appear in our own pages as if we had written it.
 */
export interface SocialErrorText {
  title: MessageKey;
  message: MessageKey;
}

/** The application's validateUserInfo gate said no. */
const REFUSED_BY_RULES: SocialErrorText = {
  title: 'social.error.refused.title',
  message: 'social.error.refused.message',
};

const TEXTS: Record<string, SocialErrorText> = {
  access_denied: { title: 'social.error.accessDenied.title', message: 'social.error.accessDenied.message' },
  state_not_found: {
    title: 'social.error.stateNotFound.title',
    message: 'social.error.stateNotFound.message',
  },
  state_mismatch: { title: 'social.error.expired.title', message: 'social.error.stateMismatch.message' },
  state_invalid: { title: 'social.error.expired.title', message: 'social.error.stateInvalid.message' },
  account_already_linked_to_different_user: {
    title: 'social.error.otherUser.title',
    message: 'social.error.otherUser.message',
  },
  email_not_found: {
    title: 'social.error.emailNotFound.title',
    message: 'social.error.emailNotFound.message',
  },
  email_does_not_match: {
    title: 'social.error.emailMismatch.title',
    message: 'social.error.emailMismatch.message',
  },
  account_not_linked: { title: 'social.error.notLinked.title', message: 'social.error.notLinked.message' },
  unable_to_link_account: {
    title: 'social.error.unableToLink.title',
    message: 'social.error.unableToLink.message',
  },
  email_not_verified: {
    title: 'social.error.emailNotVerified.title',
    message: 'social.error.emailNotVerified.message',
  },
  signup_disabled: {
    title: 'social.error.signUpDisabled.title',
    message: 'social.error.signUpDisabled.message',
  },
  unable_to_get_user_info: {
    title: 'social.error.noUserInfo.title',
    message: 'social.error.noUserInfo.message',
  },
  invalid_code: { title: 'social.error.invalidCode.title', message: 'social.error.invalidCode.message' },
  oauth_provider_not_found: {
    title: 'social.error.providerNotFound.title',
    message: 'social.error.providerNotFound.message',
  },
  no_code: { title: 'social.error.noCode.title', message: 'social.error.noCode.message' },
  issuer_mismatch: {
    title: 'social.error.securityCheck.title',
    message: 'social.error.issuerMismatch.message',
  },
  nonce_binding_missing: {
    title: 'social.error.securityCheck.title',
    message: 'social.error.nonceMissing.message',
  },
  unable_to_create_user: {
    title: 'social.error.createUser.title',
    message: 'social.error.createUser.message',
  },
  unable_to_create_session: {
    title: 'social.error.notSignedIn.title',
    message: 'social.error.createSession.message',
  },
  unable_to_update_account: {
    title: 'social.error.notSignedIn.title',
    message: 'social.error.updateAccount.message',
  },
  internal_server_error: { title: 'social.error.internal.title', message: 'social.error.internal.message' },
  validation_failed: REFUSED_BY_RULES,
  validation_source_missing: REFUSED_BY_RULES,
};

const GENERIC: SocialErrorText = {
  title: 'social.error.generic.title',
  message: 'social.error.generic.message',
};

/** The title and message keys for a code; translate them with `t`. */
export function socialErrorText(code: string | null): SocialErrorText {
  return (code !== null && Object.hasOwn(TEXTS, code) && TEXTS[code]) || GENERIC;
}

/** Shows a code for support only when it looks like one, so the page can't be used to print text. */
export function displayableCode(code: string | null): string | null {
  return code !== null && /^[a-z0-9_]{1,64}$/i.test(code) ? code : null;
}
