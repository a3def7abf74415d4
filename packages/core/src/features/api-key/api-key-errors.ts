/**
 * The API-key feature's error codes, part of the one catalogue (`errors.ts`), with Better Auth's
 * messages and statuses (docs/protocol/api-key.md#error-catalogue). `INVALID_API_KEY` is 403 for a
 * presented key that is too short; the per-key rate limit answers the core's `RATE_LIMITED`.
 */
export const apiKeyErrors = {
  UNAUTHORIZED_SESSION: { status: 401, message: 'Unauthorized or invalid session' },
  SERVER_ONLY_PROPERTY: {
    status: 400,
    message: "The property you're trying to set can only be set from the server auth instance only.",
  },
  INVALID_METADATA_TYPE: { status: 400, message: 'metadata must be an object or undefined' },
  // Both messages name the other field, as Better Auth's do (features/api-key/README.md).
  REFILL_AMOUNT_AND_INTERVAL_REQUIRED: {
    status: 400,
    message: 'refillAmount is required when refillInterval is provided',
  },
  REFILL_INTERVAL_AND_AMOUNT_REQUIRED: {
    status: 400,
    message: 'refillInterval is required when refillAmount is provided',
  },
  EXPIRES_IN_IS_TOO_SMALL: {
    status: 400,
    message: 'The expiresIn is smaller than the predefined minimum value.',
  },
  EXPIRES_IN_IS_TOO_LARGE: {
    status: 400,
    message: 'The expiresIn is larger than the predefined maximum value.',
  },
  INVALID_PREFIX_LENGTH: { status: 400, message: 'The prefix length is either too large or too small.' },
  INVALID_NAME_LENGTH: { status: 400, message: 'The name length is either too large or too small.' },
  NO_VALUES_TO_UPDATE: { status: 400, message: 'No values to update.' },
  USER_NOT_MEMBER_OF_ORGANIZATION: {
    status: 403,
    message: 'You are not a member of the organization that owns this API key.',
  },
  INSUFFICIENT_API_KEY_PERMISSIONS: {
    status: 403,
    message: 'You do not have permission to perform this action on organization API keys.',
  },
  KEY_NOT_FOUND: { status: 404, message: 'API Key not found' },
  USER_BANNED: { status: 401, message: 'User is banned' },
  INVALID_API_KEY: { status: 401, message: 'Invalid API key.' },
  KEY_DISABLED: { status: 401, message: 'API Key is disabled' },
  KEY_EXPIRED: { status: 401, message: 'API Key has expired' },
  USAGE_EXCEEDED: { status: 429, message: 'API Key has reached its usage limit' },
  INVALID_REFERENCE_ID_FROM_API_KEY: {
    status: 401,
    message: 'The reference id from the API key is invalid.',
  },
  // Gatehouse's own: scopes and organization key sessions (docs/protocol/api-key.md#decisions-for-gatehouse, K9, K10).
  UNKNOWN_API_KEY_PERMISSION: {
    status: 400,
    message: 'The permissions name a resource or an action that does not exist.',
  },
  API_KEY_PERMISSION_EXCEEDS_ROLE: {
    status: 403,
    message: 'The permissions go beyond what your own role grants.',
  },
  API_KEY_SCOPE_DENIED: {
    status: 403,
    message: 'This API key is limited to permissions this route does not check.',
  },
  API_KEY_ORGANIZATION_ONLY: {
    status: 403,
    message: "An organization API key acts inside its organization only, never on a person's own account.",
  },
  API_KEY_OTHER_ORGANIZATION: {
    status: 403,
    message: 'An organization API key cannot act in another organization.',
  },
  API_KEY_CREATOR_NOT_MEMBER: {
    status: 401,
    message: 'The member who created this API key no longer belongs to its organization.',
  },
  // Gatehouse's own: introspection for other apps' backends and the admin key routes (K12, K14).
  API_KEY_REQUIRED: {
    status: 401,
    message: 'This route is for services: send your service API key as x-api-key.',
  },
  YOU_ARE_NOT_ALLOWED_TO_VERIFY_API_KEYS: { status: 403, message: 'You are not allowed to verify API keys' },
  YOU_ARE_NOT_ALLOWED_TO_READ_USER_API_KEYS: {
    status: 403,
    message: "You are not allowed to read users' API keys",
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USER_API_KEYS: {
    status: 403,
    message: "You are not allowed to delete users' API keys",
  },
} as const satisfies Record<string, { status: number; message: string }>;

/**
 * The API-key words of the organization feature's `ORGANIZATION_ID_REQUIRED` (the same code and
 * status; only organization keys answer it, so only with organizations on).
 */
export const ORGANIZATION_ID_REQUIRED_MESSAGE =
  'Organization ID is required for organization-owned API keys.';

/** The per-key limit's words for the core's `RATE_LIMITED` (docs/protocol/api-key.md#error-catalogue). */
export const KEY_RATE_LIMITED_MESSAGE = 'Rate limit exceeded.';
