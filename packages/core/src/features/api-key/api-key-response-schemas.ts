import { z } from 'zod';

const isoDate = z.iso.datetime();

/** `apiKeyToJson`'s object (docs/protocol/api-key.md#objects-on-the-wire). */
export const apiKeyJson = z.object({
  configId: z.string(),
  name: z.string().nullable(),
  start: z.string().nullable(),
  referenceId: z.string(),
  prefix: z.string().nullable(),
  refillInterval: z.number().nullable(),
  refillAmount: z.number().nullable(),
  lastRefillAt: isoDate.nullable(),
  enabled: z.boolean().nullable(),
  rateLimitEnabled: z.boolean().nullable(),
  rateLimitTimeWindow: z.number().nullable(),
  rateLimitMax: z.number().nullable(),
  requestCount: z.number().nullable(),
  remaining: z.number().nullable(),
  lastRequest: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  permissions: z.record(z.string(), z.array(z.string())).nullable(),
  metadata: z.unknown(),
  id: z.string(),
  lastRequestIp: z.string().nullable(),
  lastRequestUserAgent: z.string().nullable(),
});

/** The create answer: the key, once. */
export const createdApiKeyJson = apiKeyJson.extend({ key: z.string() });

export const apiKeyListJson = z.object({
  apiKeys: z.array(apiKeyJson),
  total: z.number().int(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
});

export const successJson = z.object({ success: z.literal(true) });

export const verifyAnswerJson = z.union([
  z.object({ valid: z.literal(true), error: z.null(), key: apiKeyJson }),
  z.object({
    valid: z.literal(false),
    error: z.object({ message: z.string(), code: z.string() }),
    key: z.null(),
  }),
]);

/** The introspect answer (K12): verify's, with whom the key answers for. */
const [validJson, refusedJson] = verifyAnswerJson.options;
export const introspectAnswerJson = z.union([
  validJson.extend({
    owner: z.object({ userId: z.string().nullable(), organizationId: z.string().nullable() }),
  }),
  refusedJson.extend({ owner: z.null() }),
]);

/** The admin list of a user's keys (K14). */
export const userApiKeysJson = z.object({ apiKeys: z.array(apiKeyJson) });
