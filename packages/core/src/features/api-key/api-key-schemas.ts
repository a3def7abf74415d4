import { z } from 'zod';
import { oneLine } from '../../http/one-line.ts';
import { SORTABLE_FIELDS } from './api-key.repository.ts';

/**
 * The routes' input (docs/protocol/api-key.md#routes). Strings are bounded far above the feature's
 * own length rules, so a name of 40 characters gets the feature's INVALID_NAME_LENGTH and only an
 * absurd one the schema's refusal. Server-only numbers fit the table's integer columns. Control
 * characters are refused for every input by the pipeline (K5).
 */
const INT_MAX = 2_147_483_647;
const id = oneLine(z.string().min(1).max(256));
const count = (min: number) => z.number().int().min(min).max(INT_MAX);
const permissions = z.record(oneLine(z.string().max(256)), z.array(oneLine(z.string().max(256))).max(64));
/** `organizationId` is coerced to text, as the reference does. */
const organizationId = z.union([z.string(), z.number()]).transform(String).pipe(id);

/**
 * K8: only the configurations that exist (the organization one only with organizations on), and an
 * `organizationId` only for an organization key (docs/protocol/api-key.md#decisions-for-gatehouse).
 */
export function createApiKeyBody(organizations: boolean) {
  const configs = organizations ? (['default', 'organization'] as const) : (['default'] as const);
  return z
    .object({
      configId: z.enum(configs).optional(),
      name: oneLine(z.string().max(1024)).optional(),
      expiresIn: z.number().min(1).nullable().optional(),
      prefix: z
        .string()
        .max(1024)
        .regex(/^[a-zA-Z0-9_-]+$/)
        .optional(),
      metadata: z.unknown().optional(),
      organizationId: organizationId.optional(),
      remaining: count(0).nullable().optional(),
      refillAmount: count(1).optional(),
      refillInterval: count(1).optional(),
      rateLimitEnabled: z.boolean().optional(),
      rateLimitTimeWindow: count(1).nullable().optional(),
      rateLimitMax: count(1).nullable().optional(),
      permissions: permissions.optional(),
      userId: id.optional(),
    })
    .superRefine((body, context) => {
      if (body.organizationId !== undefined && (body.configId ?? 'default') !== 'organization')
        context.addIssue({
          code: 'custom',
          path: ['organizationId'],
          message: 'organizationId is for organization keys (configId "organization") only',
          params: { kind: 'invalid' },
        });
    });
}

export const getApiKeyQuery = z.object({ id, configId: oneLine(z.string().max(256)).optional() });

export const listApiKeysQuery = z.object({
  configId: oneLine(z.string().max(256)).optional(),
  organizationId: id.optional(),
  limit: z.coerce.number().int().min(0).max(INT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(INT_MAX).optional(),
  // K5: only the ApiKey fields; the reference answers an unknown column with a 500.
  sortBy: z.enum(SORTABLE_FIELDS).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
});

export const updateApiKeyBody = z.object({
  keyId: id,
  configId: oneLine(z.string().max(256)).optional(),
  userId: id.optional(),
  name: oneLine(z.string().max(1024)).optional(),
  enabled: z.boolean().optional(),
  metadata: z.unknown().optional(),
  expiresIn: z.number().min(1).nullable().optional(),
  remaining: count(1).optional(),
  refillAmount: count(1).optional(),
  refillInterval: count(1).optional(),
  rateLimitEnabled: z.boolean().optional(),
  rateLimitTimeWindow: count(1).nullable().optional(),
  rateLimitMax: count(1).nullable().optional(),
  permissions: permissions.nullable().optional(),
});

/** One key by id, for delete and rotate (K13). */
export const keyRefBody = z.object({ keyId: id, configId: oneLine(z.string().max(256)).optional() });

/** The admin key routes' input (K14): a user, and one of their personal keys. */
export const userKeysQuery = z.object({ userId: id });
export const userKeyBody = z.object({ userId: id, keyId: id });

export const verifyApiKeyBody = z.object({
  key: z.string().max(4096),
  permissions: permissions.optional(),
  configId: oneLine(z.string().max(256)).optional(),
});
