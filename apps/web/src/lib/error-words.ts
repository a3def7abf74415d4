import type { MessageKey } from '../i18n/en.ts';

/**
 * Every error code of the server's catalogue (packages/core/src/errors.ts) in the app's words: the
 * one place a code gets its text, so every screen says the same. error-words.test.ts fails when a
 * catalogue code has none. A screen that needs other words for a code in its own context (an admin
 * acting on someone else, a passkey being the last way in) overrides a few codes on top of this.
 */
export const ERROR_WORDS: Record<string, MessageKey> = {
  // The client's own: the request never got an answer.
  NETWORK_ERROR: 'error.network',

  // Signing up and in, and the account (docs/protocol/core.md#error-catalogue).
  USER_NOT_FOUND: 'error.userNotFound',
  FAILED_TO_CREATE_USER: 'error.failedToCreateUser',
  FAILED_TO_CREATE_SESSION: 'error.sessionNotCreated',
  FAILED_TO_UPDATE_USER: 'error.userNotUpdated',
  FAILED_TO_GET_SESSION: 'error.sessionUnreadable',
  INVALID_PASSWORD: 'error.invalidPassword',
  INVALID_EMAIL: 'error.invalidEmail',
  INVALID_EMAIL_OR_PASSWORD: 'error.invalidEmailOrPassword',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'error.socialAccountAlreadyLinked',
  PROVIDER_NOT_FOUND: 'error.providerNotFound',
  INVALID_TOKEN: 'error.invalidToken',
  ID_TOKEN_NOT_SUPPORTED: 'error.provider.idTokenUnsupported',
  FAILED_TO_GET_USER_INFO: 'error.provider.noUserInfo',
  USER_EMAIL_NOT_FOUND: 'error.provider.noEmail',
  EMAIL_NOT_VERIFIED: 'error.emailNotVerified',
  // The minimum is the server's setting (PASSWORD_MIN_LENGTH), so no number is written here.
  PASSWORD_TOO_SHORT: 'error.passwordTooShort',
  PASSWORD_TOO_LONG: 'error.passwordTooLong',
  PASSWORD_TOO_COMMON: 'error.passwordTooCommon',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'error.userAlreadyExists',
  EMAIL_CAN_NOT_BE_UPDATED: 'error.emailCannotBeUpdated',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'error.noPassword',
  SESSION_EXPIRED: 'error.signInAgainFirst',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'error.unlinkLastAccount',
  ACCOUNT_NOT_FOUND: 'error.accountNotFound',
  USER_ALREADY_HAS_PASSWORD: 'error.passwordToDelete',

  // Status answers and the request pipeline.
  UNAUTHORIZED: 'error.unauthorized',
  SESSION_NOT_FOUND: 'error.sessionNotFound',
  MISSING_FIELD: 'error.missingField',
  SESSION_NOT_FRESH: 'error.signInAgainFirst',
  INTERNAL_SERVER_ERROR: 'error.server',
  SERVICE_UNAVAILABLE: 'error.unavailable',
  VALIDATION_ERROR: 'error.validation',
  NOT_FOUND: 'error.notFound',
  REQUEST_HEADER_FIELDS_TOO_LARGE: 'error.headersTooLarge',
  MALFORMED_REQUEST: 'error.badRequest',
  TOKEN_EXPIRED: 'error.tokenExpired',
  INVALID_BASE_URL: 'error.misconfigured',
  EMAIL_PASSWORD_DISABLED: 'error.passwordSignInDisabled',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'error.signUpDisabled',
  SIGN_UP_INVITE_ONLY: 'error.signUpInviteOnly',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'error.untrustedOrigin',
  INVALID_ORIGIN: 'error.untrustedOrigin',
  MISSING_OR_NULL_ORIGIN: 'error.untrustedOrigin',
  INVALID_CALLBACK_URL: 'error.invalidCallbackUrl',
  INVALID_REDIRECT_URL: 'error.invalidCallbackUrl',
  INVALID_ERROR_CALLBACK_URL: 'error.invalidCallbackUrl',
  INVALID_NEW_USER_CALLBACK_URL: 'error.invalidCallbackUrl',
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: 'error.misconfigured',
  UNSUPPORTED_MEDIA_TYPE: 'error.badRequest',
  BAD_REQUEST: 'error.badRequest',
  PAYLOAD_TOO_LARGE: 'error.payloadTooLarge',
  RATE_LIMITED: 'error.rateLimited',
  TOO_MANY_EMAILS: 'error.tooManyEmails',
  TOO_MANY_SIGN_IN_ATTEMPTS: 'error.tooManySignInAttempts',

  // Account lifecycle.
  INVALID_USER: 'error.invalidUser',
  VERIFICATION_EMAIL_NOT_ENABLED: 'error.noEmailSending',
  EMAIL_ALREADY_VERIFIED: 'error.emailAlreadyVerified',
  EMAIL_MISMATCH: 'error.emailMismatch',
  RESET_PASSWORD_DISABLED: 'error.resetPasswordDisabled',
  CHANGE_EMAIL_DISABLED: 'error.changeEmailDisabled',
  EMAIL_IS_THE_SAME: 'error.emailIsTheSame',
  NO_FIELDS_TO_UPDATE: 'error.nothingToSave',
  AVATAR_EMPTY: 'avatar.error.empty',
  AVATAR_NOT_AN_IMAGE: 'avatar.error.notAnImage',
  AVATAR_TOO_LARGE: 'avatar.error.tooManyPixels',
  AVATAR_NOT_FOUND: 'error.avatarNotFound',

  // Admin (docs/protocol/admin.md#error-catalogue).
  BANNED_USER: 'error.banned',
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: 'error.notAllowedCreateUsers',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: 'error.notAllowedListUsers',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: 'error.notAllowedListSessions',
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: 'error.notAllowedBan',
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: 'error.notAllowedImpersonate',
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: 'error.notAllowedRevokeSessions',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: 'error.notAllowedDeleteUsers',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: 'error.notAllowedSetPassword',
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: 'error.notAllowedChangeRole',
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: 'error.notAllowedGetUser',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: 'error.notAllowedUpdateUsers',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: 'error.notAllowedSetEmail',
  YOU_CANNOT_BAN_YOURSELF: 'error.cannotBanYourself',
  YOU_CANNOT_REMOVE_YOURSELF: 'error.cannotRemoveYourself',
  YOU_CANNOT_IMPERSONATE_ADMINS: 'error.cannotImpersonateAdmins',
  NO_DATA_TO_UPDATE: 'error.nothingToSave',
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: 'error.passwordViaUpdateUser',
  USER_ID_CANNOT_BE_UPDATED: 'error.userIdFixed',
  INVALID_ROLE_TYPE: 'error.invalidRole',
  NOT_IMPERSONATING: 'error.notImpersonating',
  PASSKEY_REGISTRATION_WHILE_IMPERSONATING: 'passkey.impersonating',
  ADMIN_SESSION_NOT_FOUND: 'error.adminSessionNotFound',
  INVALID_PERMISSION_CHECK: 'error.badRequest',
  FAILED_TO_SEND_EMAIL: 'error.failedToSendEmail',

  // Organizations (docs/protocol/organization.md#error-catalogue).
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: 'org.error.mayNotCreate',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: 'org.error.orgLimit',
  ORGANIZATION_ALREADY_EXISTS: 'org.error.slugTaken',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'org.error.slugTaken',
  ORGANIZATION_NOT_FOUND: 'org.error.notFound',
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION: 'org.error.twoFactorRequired',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'org.error.notMember',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: 'org.error.mayNotUpdate',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: 'org.error.mayNotDelete',
  NO_ACTIVE_ORGANIZATION: 'org.error.noActive',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'org.error.alreadyMember',
  MEMBER_NOT_FOUND: 'org.error.memberGone',
  ROLE_NOT_FOUND: 'org.error.roleNotFound',
  TEAM_NOT_FOUND: 'org.error.teamGone',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: 'org.error.needsOwner',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: 'org.error.needsOwner',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: 'org.error.mayNotRemoveMember',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: 'org.error.mayNotInvite',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'org.error.alreadyInvited',
  INVITATION_NOT_FOUND: 'org.error.invitationGone',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'org.error.notRecipient',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: 'org.error.verifyToAnswer',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'org.error.verifyToSee',
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: 'org.error.mayNotCancelInvitation',
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: 'org.error.mayNotSeeInvitations',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: 'org.error.inviterGone',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: 'org.error.mayNotInviteWithRole',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: 'org.error.teamLimit',
  UNABLE_TO_REMOVE_LAST_TEAM: 'org.error.lastTeam',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: 'org.error.mayNotUpdateMember',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'org.error.memberLimit',
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: 'org.error.mayNotCreateTeam',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: 'org.error.mayNotDeleteTeam',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: 'org.error.mayNotUpdateTeam',
  // remove-team answers this for the caller's own active team (and to a caller outside the organization).
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: 'org.error.teamInUse',
  INVITATION_LIMIT_REACHED: 'org.error.invitationLimit',
  TEAM_MEMBER_LIMIT_REACHED: 'org.error.teamFull',
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: 'org.error.notOnTeam',
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: 'org.error.noActiveTeam',
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER: 'org.error.mayNotAddTeamMember',
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: 'org.error.mayNotRemoveTeamMember',
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: 'org.error.mayNotAccess',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'org.error.notMember',
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: 'org.error.noActive',
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: 'org.error.mayNotCreateRole',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: 'org.error.mayNotUpdateRole',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: 'org.error.mayNotDeleteRole',
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: 'org.error.mayNotSeeRoles',
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: 'org.error.mayNotSeeRoles',
  TOO_MANY_ROLES: 'org.error.roleLimit',
  INVALID_RESOURCE: 'org.error.invalidPermission',
  ROLE_NAME_IS_ALREADY_TAKEN: 'org.error.roleNameTaken',
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: 'org.error.builtInRole',
  ROLE_IS_ASSIGNED_TO_MEMBERS: 'org.error.roleHeld',
  INVALID_TEAM_ID: 'org.error.invalidTeam',
  ORGANIZATION_DELETION_DISABLED: 'org.error.deletionDisabled',
  ORGANIZATION_ID_REQUIRED: 'org.error.noActive',
  NOT_AUTHENTICATED: 'error.unauthorized',
  // Refusals of parameters only server code may send; the web app never sends them.
  EMAIL_NOT_ALLOWED_FROM_CLIENT: 'error.badRequest',
  MISSING_SESSION_OR_EMAIL: 'error.badRequest',
  INVALID_ROLE_PERMISSIONS: 'org.error.roleBroken',

  // Social sign-in and connected accounts (docs/protocol/social.md#error-catalogue).
  OAUTH_LINK_ERROR: 'error.linkingFailed',
  CALLBACK_URL_REQUIRED: 'error.invalidCallbackUrl',
  LINKING_NOT_ALLOWED: 'error.linkingNotAllowed',
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: 'error.linkingDifferentEmails',
  LINKING_FAILED: 'error.linkingFailed',
  PROVIDER_NOT_SUPPORTED: 'error.providerNotFound',
  TOKEN_REFRESH_NOT_SUPPORTED: 'error.provider.token',
  REFRESH_TOKEN_NOT_FOUND: 'error.provider.token',
  FAILED_TO_REFRESH_ACCESS_TOKEN: 'error.provider.token',
  FAILED_TO_GET_ACCESS_TOKEN: 'error.provider.token',
  PROVIDER_NOT_CONFIGURED: 'error.provider.token',
  ACCESS_TOKEN_NOT_FOUND: 'error.provider.token',

  // Two-factor (docs/protocol/two-factor.md#error-catalogue).
  OTP_NOT_ENABLED: 'error.twoFactor.otpOff',
  OTP_NOT_CONFIGURED: 'tf.error.noEmail',
  OTP_HAS_EXPIRED: 'tf.error.otpExpired',
  TOTP_NOT_ENABLED: 'tf.error.totpNotOn',
  TOTP_ALREADY_ENABLED: 'tf.error.totpAlreadyOn',
  TOTP_NOT_CONFIGURED: 'tf.error.noTotp',
  TWO_FACTOR_NOT_ENABLED: 'tf.error.noBackupCodes',
  BACKUP_CODES_NOT_ENABLED: 'tf.error.noBackupCodes',
  INVALID_BACKUP_CODE: 'tf.error.invalidBackupCode',
  INVALID_CODE: 'tf.error.invalidCode',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'error.twoFactor.tooMany',
  ACCOUNT_TEMPORARILY_LOCKED: 'error.twoFactor.locked',
  INVALID_TWO_FACTOR_COOKIE: 'tf.error.challengeGone',
  FAILED_TO_INVALIDATE_TWO_FACTOR_CHALLENGE: 'error.server',
  BACKUP_CODE_CONFLICT: 'error.twoFactor.backupCodeRace',

  // Passkeys (docs/protocol/passkey.md#error-catalogue).
  CHALLENGE_NOT_FOUND: 'error.passkey.challengeGone',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'error.passkey.notYours',
  FAILED_TO_VERIFY_REGISTRATION: 'error.passkey.notVerified',
  PASSKEY_NOT_FOUND: 'passkey.error.unknown',
  AUTHENTICATION_FAILED: 'error.passkey.signInFailed',
  UNABLE_TO_CREATE_SESSION: 'error.sessionNotCreated',
  FAILED_TO_UPDATE_PASSKEY: 'error.passkey.notUpdated',
  PASSKEY_ORIGIN_MISSING: 'error.badRequest',
  MISSING_REQUIRED_PARAMETER: 'error.badRequest',
  PASSKEY_OF_ANOTHER_USER: 'error.passkey.otherAccount',
  USER_VERIFICATION_REQUIRED: 'error.passkey.userVerification',

  // Security activity (features/audit/README.md in the engine).
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: 'error.mayNotReadAudit',
};

/**
 * Words for an answer without a code of the catalogue (a bare status from a proxy, or a code a
 * newer server added), by its HTTP status; the server's own English message is never shown.
 */
export function wordsForStatus(status: number): MessageKey {
  if (status === 401) return 'error.unauthorized';
  if (status === 403) return 'error.forbidden';
  if (status === 404) return 'error.notFound';
  if (status === 413) return 'error.payloadTooLarge';
  if (status === 429) return 'error.rateLimited';
  if (status === 503) return 'error.unavailable';
  if (status >= 500) return 'error.server';
  return 'error.unknown';
}
