export type { ApiCall, ApiFunction } from './api.ts';
export { type Auth, createAuth } from './create-auth.ts';
export { symmetricDecrypt, symmetricEncrypt } from './crypto/encryption.ts';
export { hashPassword, verifyPassword } from './crypto/password.ts';
export { signToken, type TokenErrorKind, type TokenResult, verifyToken } from './crypto/signed-token.ts';
export { connectDatabase, sqliteFilePath } from './db/connect.ts';
export { type MigrationReport, migrateDatabase } from './db/migrate.ts';
export type { AuthDatabase, Dialect, PoolUse } from './db/schema.ts';
export { mergeSearchIndex, type SearchIndexUpkeep, searchIndexUpkeep } from './db/search-index-upkeep.ts';
export { dropValueSamples } from './db/value-samples.ts';
export type { EmailKind, EmailMessage, Mailer } from './email/mailer.ts';
export { AuthError, type ErrorCode, errorCatalogue } from './errors.ts';
export { answerClientErrorsAsJson } from './http/client-errors.ts';
export { cookieDomainCovers } from './http/cookie-domain.ts';
export type { AuthHandler, ConnectionInfo } from './http/handler.ts';
export type { NodeAuthHandler } from './http/node-handler.ts';
export type { HandlerAnswer, SignInFactor } from './http/request-outcome.ts';
export type { RouteInfo } from './http/route-table.ts';
export { securityHeaders } from './http/security-headers.ts';
export { createOriginMatcher, type OriginMatcher, trustsEverySite } from './http/trusted-origins.ts';
export type { LogContext } from './log-context.ts';
export type { AuthEvents, AuthOptions, WebhookAttemptOutcome } from './options.ts';
export type { IpLocation, IpLocator } from './session/ip-location.ts';
export { createMemoryStorage } from './storage/memory-storage.ts';
export { createRedisStorage } from './storage/redis-storage.ts';
export type { SecondaryStorage } from './storage/secondary-storage.ts';
export type { AdditionalField, AdditionalFields, FieldType } from './user/additional-fields.ts';

// Mail transports: the dev outbox (no SMTP server needed) and SMTP.

export { defaultOrganizationRoles, organizationStatements } from './access/organization-roles.ts';
export {
  createDevOutbox,
  type DevOutbox,
  type DevOutboxOptions,
  type OutboxEntry,
} from './email/dev-outbox.ts';
export {
  createSmtpMailer,
  MailDeliveryError,
  type SmtpMailer,
  type SmtpMailerOptions,
} from './email/smtp-mailer.ts';
export { type EnsureAdminInput, type EnsureAdminResult, ensureAdmin } from './features/admin/ensure-admin.ts';
export type { OperatorActions } from './features/admin/operator-actions.ts';
export {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportResult,
  exportUsers,
} from './features/import/export-users.ts';
export type { ImportProblem } from './features/import/import-record.ts';
export {
  describeProblem,
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportSummary,
  recordsWithErrors,
  refusedSummary,
} from './features/import/import-summary.ts';
export {
  DEFAULT_BATCH_SIZE,
  type ImportOptions,
  importUsers,
  MAX_BATCH_SIZE,
} from './features/import/run-import.ts';
export type { KeycloakFile } from './features/import/sources/keycloak-source.ts';
export type { JwtOptions } from './features/jwt/jwt-config.ts';
export type { JwtAlgorithm } from './features/jwt/key-algorithms.ts';
export { type JwtVerification, verifyJwt } from './features/jwt/verify-jwt.ts';
export type { OrganizationOptions } from './features/organization/organization-config.ts';
export type {
  BaseProviderOptions,
  GenericOidcOptions,
  SocialProvidersOptions,
} from './features/social/providers/provider-options.ts';
export type { AccountOptions } from './features/social/social-options.ts';
export {
  listWebhookEndpoints,
  type OperatorWebhookEndpoint,
  replayFailedWebhooks,
} from './features/webhooks/operator-webhooks.ts';
export type { SignUpPolicy } from './user/sign-up-policy.ts';
