import { adminDeleteUserApiKey, adminListUserApiKeys } from './admin-keys.ts';
import { createApiKey } from './create-api-key.ts';
import { deleteApiKey } from './delete-api-key.ts';
import { deleteAllExpiredApiKeys } from './delete-expired-api-keys.ts';
import { getApiKey } from './get-api-key.ts';
import { introspectApiKey } from './introspect-api-key.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import { listApiKeysEndpoint } from './list-api-keys.ts';
import { rotateApiKey } from './rotate-api-key.ts';
import { updateApiKey } from './update-api-key.ts';
import { verifyApiKey } from './verify-api-key.ts';

/**
 * The `/api-key/*` routes of docs/protocol/api-key.md#routes, the two server-only calls, Gatehouse's
 * rotate and introspect (K12, K13), and with the admin feature on its key routes (K14).
 */
export function apiKeyEndpoints(setup: KeyRoutesSetup) {
  return [
    createApiKey(setup),
    getApiKey(setup),
    listApiKeysEndpoint(setup),
    updateApiKey(setup),
    deleteApiKey(setup),
    rotateApiKey(setup),
    introspectApiKey(setup),
    verifyApiKey(setup),
    deleteAllExpiredApiKeys,
    ...(setup.admin ? [adminListUserApiKeys(setup), adminDeleteUserApiKey(setup)] : []),
  ] as const;
}
