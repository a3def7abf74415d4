import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireSession } from '../../session/require-session.ts';
import { apiKeyToJson } from './api-key-json.ts';
import { introspectAnswerJson } from './api-key-response-schemas.ts';
import type { ApiKeyRow } from './api-key-row.ts';
import { verifyApiKeyBody } from './api-key-schemas.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import { verdictOn } from './verify-api-key.ts';

/** Whom a key answers for: a personal key's owner, an organization key's organization and its creator. */
const ownerOf = (row: ApiKeyRow) =>
  row.configId === 'organization'
    ? { userId: row.createdBy, organizationId: row.referenceId }
    : { userId: row.referenceId, organizationId: null };

/**
 * POST /api-key/introspect (docs/protocol/api-key.md#decisions-for-gatehouse, K12): `verifyApiKey`
 * over HTTP, for another app's backend. The caller is a service: its own key in `x-api-key`
 * (a cookie session is not one), whose owner holds the admin right `apiKey: verify`; that key is
 * checked but not counted (`uncountedKey`), so it can sit on every request. The presented key is
 * counted: its use by that app is a real use. A scoped service key serves when its scopes name the
 * right; an organization key makes no such caller (the session step refuses it).
 */
export const introspectApiKey = ({ sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'introspectApiKey',
    method: 'POST',
    path: '/api-key/introspect',
    summary: 'Verify an API key for a service',
    description:
      "For other apps' backends: the caller sends its own service key as `x-api-key` (its owner holds the " +
      'admin right `apiKey: verify`; its use is not counted) and the key to check in the body. Answers 200 ' +
      "with `valid`, the refusal, the key without its secret and its owner; the checked key's use is counted.",
    body: verifyApiKeyBody,
    requires: 'none',
    uncountedKey: true,
    keySessions: ['scoped'],
    readsSession: 'session',
    response: introspectAnswerJson,
    errors: ['API_KEY_REQUIRED', 'YOU_ARE_NOT_ALLOWED_TO_VERIFY_API_KEYS'],
    noStore: true,
    async handler({ auth, request, body }) {
      if (request.principal.kind !== 'apiKey') throw new AuthError('API_KEY_REQUIRED');
      const { user } = await requireSession(auth, request, 'session');
      const adminRights = auth.ports.adminRights;
      if (!adminRights?.(auth, user, { apiKey: ['verify'] }))
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_VERIFY_API_KEYS');
      await sweep(auth);
      const verdict = await verdictOn(auth, request, body);
      return verdict.valid
        ? { valid: true, error: null, key: apiKeyToJson(verdict.row), owner: ownerOf(verdict.row) }
        : { valid: false, error: verdict.error, key: null, owner: null };
    },
  });
