import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { deleteExpiredApiKeys } from './api-key.repository.ts';

/**
 * `auth.api.deleteAllExpiredApiKeys` (docs/protocol/api-key.md#server-only-calls), never routed over
 * HTTP (the official client lists the path; calling it answers 404).
 */
export const deleteAllExpiredApiKeys = defineEndpoint({
  name: 'deleteAllExpiredApiKeys',
  method: 'POST',
  path: '/api-key/delete-all-expired-api-keys',
  summary: 'Delete every expired API key (server only)',
  requires: 'none',
  serverOnly: true,
  response: z.object({ success: z.literal(true), error: z.null() }),
  errors: [],
  async handler({ auth }) {
    await deleteExpiredApiKeys(auth.db, isoNow(auth.options.now()));
    return { success: true, error: null };
  },
});
