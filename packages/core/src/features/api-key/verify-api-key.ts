import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { apiKeyToJson } from './api-key-json.ts';
import { verifyAnswerJson } from './api-key-response-schemas.ts';
import type { ApiKeyRow, ConfigId } from './api-key-row.ts';
import { verifyApiKeyBody } from './api-key-schemas.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import { useKey } from './key-use.ts';

/** Whether the key's stored permissions grant every asked action (AND across resources and actions). */
function grants(stored: string | null, asked: Record<string, string[]>): boolean {
  let held: unknown;
  try {
    held = stored === null ? null : JSON.parse(stored);
  } catch {
    held = null;
  }
  if (!held || typeof held !== 'object') return false;
  const byResource = held as Record<string, unknown>;
  return Object.entries(asked).every(([resource, actions]) => {
    const granted = Object.hasOwn(byResource, resource) ? byResource[resource] : undefined;
    return Array.isArray(granted) && actions.every((action) => granted.includes(action));
  });
}

/** What a check of a presented key found: the row after its use was counted, or the refusal. */
export type KeyVerdict =
  | { valid: true; row: ApiKeyRow }
  | { valid: false; error: { message: string; code: string } };

/**
 * The validation of a presented key, counted as an `x-api-key` use is, for any configuration or the
 * one asked; a permission the key does not hold is KEY_NOT_FOUND, as the reference names it. Shared
 * by verify and introspect (K12).
 */
export async function verdictOn(
  auth: AuthContext,
  request: RequestContext,
  body: { key: string; permissions?: Record<string, string[]>; configId?: string },
): Promise<KeyVerdict> {
  const configId = body.configId === undefined ? undefined : ((body.configId || 'default') as ConfigId);
  try {
    const { row } = await useKey(auth, request, body.key, { configId });
    if (body.permissions && !grants(row.permissions, body.permissions)) throw new AuthError('KEY_NOT_FOUND');
    return { valid: true, row };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return { valid: false, error: { message: error.message, code: error.code } };
  }
}

/**
 * `auth.api.verifyApiKey` (docs/protocol/api-key.md#server-only-calls), never routed over HTTP: the
 * validation of an `x-api-key` use, counted the same way, for any configuration, answering 200 with
 * `valid` and the refusal instead of failing.
 */
export const verifyApiKey = ({ sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'verifyApiKey',
    method: 'POST',
    path: '/api-key/verify',
    summary: 'Verify an API key (server only)',
    body: verifyApiKeyBody,
    requires: 'none',
    serverOnly: true,
    response: verifyAnswerJson,
    errors: [],
    async handler({ auth, request, body }) {
      await sweep(auth);
      const verdict = await verdictOn(auth, request, body);
      return verdict.valid
        ? { valid: true, error: null, key: apiKeyToJson(verdict.row) }
        : { valid: false, error: verdict.error, key: null };
    },
  });
