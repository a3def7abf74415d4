import { GatehouseError } from '@gatehouse/client';
import type { MessageKey } from '../i18n/en.ts';
import { type Translate, translateNow } from '../i18n/language.ts';

/**
 * Server error codes in words a person understands; one place, so every screen says the same.
 * Codes without an entry fall back to the server's own message (the protocol's English).
 */
const MESSAGES: Record<string, MessageKey> = {
  INVALID_EMAIL_OR_PASSWORD: 'error.invalidEmailOrPassword',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'error.userAlreadyExists',
  EMAIL_NOT_VERIFIED: 'error.emailNotVerified',
  // The minimum is the server's setting (PASSWORD_MIN_LENGTH), so no number is written here.
  PASSWORD_TOO_SHORT: 'error.passwordTooShort',
  PASSWORD_TOO_COMMON: 'error.passwordTooCommon',
  PASSWORD_TOO_LONG: 'error.passwordTooLong',
  INVALID_PASSWORD: 'error.invalidPassword',
  INVALID_TOKEN: 'error.invalidToken',
  TOKEN_EXPIRED: 'error.tokenExpired',
  RATE_LIMITED: 'error.rateLimited',
  SESSION_EXPIRED: 'error.signInAgainFirst',
  USER_ALREADY_HAS_PASSWORD: 'error.passwordToDelete',
  FAILED_TO_SEND_EMAIL: 'error.failedToSendEmail',
  NETWORK_ERROR: 'error.network',
  EMAIL_IS_THE_SAME: 'error.emailIsTheSame',
  SESSION_NOT_FOUND: 'error.sessionNotFound',
  SESSION_NOT_FRESH: 'error.signInAgainFirst',
  UNAUTHORIZED: 'error.unauthorized',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'error.noPassword',
  EMAIL_ALREADY_VERIFIED: 'error.emailAlreadyVerified',
  CHANGE_EMAIL_DISABLED: 'error.changeEmailDisabled',
  VERIFICATION_EMAIL_NOT_ENABLED: 'error.noEmailSending',
  NO_FIELDS_TO_UPDATE: 'error.nothingToSave',
  INVALID_EMAIL: 'error.invalidEmail',
  USER_NOT_FOUND: 'error.userNotFound',
  INVALID_USER: 'error.invalidUser',
  RESET_PASSWORD_DISABLED: 'error.resetPasswordDisabled',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'error.signUpDisabled',
  SIGN_UP_INVITE_ONLY: 'error.signUpInviteOnly',
  // Admin (docs/protocol/admin.md#error-catalogue). BANNED_USER has no entry on purpose: at sign-in the
  // server's own message is the one its operator configured.
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: 'error.notAllowedCreateUsers',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: 'error.notAllowedListUsers',
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: 'error.notAllowedGetUser',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: 'error.notAllowedUpdateUsers',
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: 'error.notAllowedChangeRole',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: 'error.notAllowedSetEmail',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: 'error.notAllowedSetPassword',
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: 'error.notAllowedBan',
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: 'error.notAllowedImpersonate',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: 'error.notAllowedDeleteUsers',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: 'error.notAllowedListSessions',
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: 'error.notAllowedRevokeSessions',
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'error.roleDoesNotExist',
  YOU_CANNOT_BAN_YOURSELF: 'error.cannotBanYourself',
  YOU_CANNOT_REMOVE_YOURSELF: 'error.cannotRemoveYourself',
  YOU_CANNOT_IMPERSONATE_ADMINS: 'error.cannotImpersonateAdmins',
  NO_DATA_TO_UPDATE: 'error.nothingToSave',
  INVALID_ROLE_TYPE: 'error.invalidRole',
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: 'error.passwordViaUpdateUser',
  USER_ID_CANNOT_BE_UPDATED: 'error.userIdFixed',
  FAILED_TO_CREATE_USER: 'error.failedToCreateUser',
  NOT_IMPERSONATING: 'error.notImpersonating',
  ADMIN_SESSION_NOT_FOUND: 'error.adminSessionNotFound',
  // Social sign-in and connected accounts (docs/protocol/social.md#error-catalogue).
  PROVIDER_NOT_FOUND: 'error.providerNotFound',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'error.socialAccountAlreadyLinked',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'error.unlinkLastAccount',
  ACCOUNT_NOT_FOUND: 'error.accountNotFound',
  LINKING_NOT_ALLOWED: 'error.linkingNotAllowed',
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: 'error.linkingDifferentEmails',
  LINKING_FAILED: 'error.linkingFailed',
  INVALID_CALLBACK_URL: 'error.invalidCallbackUrl',
};

/** Which form field an error belongs to, when it belongs to one. */
const FIELDS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'password',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_COMMON: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'password',
  EMAIL_IS_THE_SAME: 'newEmail',
  INVALID_EMAIL: 'email',
};

/** The catalogue key for an error's code; null when only the server's message can say it. */
export function errorMessageKey(error: unknown): MessageKey | null {
  if (error instanceof GatehouseError) return MESSAGES[error.code] ?? null;
  return 'error.unknown';
}

/**
 * An error in words: `t` from useTranslation in components; without it, the language chosen now
 * (for callers outside React).
 */
export function errorMessage(error: unknown, t: Translate = translateNow): string {
  const key = errorMessageKey(error);
  if (key) return t(key);
  return error instanceof GatehouseError ? error.message : t('error.unknown');
}

export function errorField(error: unknown): string | undefined {
  return error instanceof GatehouseError ? FIELDS[error.code] : undefined;
}
