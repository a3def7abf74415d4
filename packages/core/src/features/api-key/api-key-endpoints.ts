import { createApiKey } from './create-api-key.ts';
import { deleteApiKey } from './delete-api-key.ts';
import { deleteAllExpiredApiKeys } from './delete-expired-api-keys.ts';
import { getApiKey } from './get-api-key.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import { listApiKeysEndpoint } from './list-api-keys.ts';
import { updateApiKey } from './update-api-key.ts';
import { verifyApiKey } from './verify-api-key.ts';

/** The `/api-key/*` routes of docs/protocol/api-key.md#routes, and the two server-only calls. */
export function apiKeyEndpoints(setup: KeyRoutesSetup) {
  return [
    createApiKey(setup),
    getApiKey(setup),
    listApiKeysEndpoint(setup),
    updateApiKey(setup),
    deleteApiKey(setup),
    verifyApiKey(setup),
    deleteAllExpiredApiKeys,
  ] as const;
}
