/**
 * The security events only the API-key feature records, part of the event model (`event-types.ts`).
 * Their metadata names the key by id, configuration and `start`, never the key, its hash or its
 * secret part (features/api-key/README.md).
 */
export const apiKeyEvents = [
  'api_key.created',
  'api_key.updated',
  'api_key.deleted',
  // A use of an existing key refused for the key's own state (disabled, expired, used up, owner banned).
  'api_key.refused',
  // A new secret for an existing key; the old one stops at once (K13).
  'api_key.rotated',
] as const;
