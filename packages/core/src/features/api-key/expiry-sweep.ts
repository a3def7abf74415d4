import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import { deleteExpiredApiKeys } from './api-key.repository.ts';

/** At most one sweep per this many milliseconds per engine (docs/protocol/api-key.md#expiry). */
const SWEEP_INTERVAL_MS = 10_000;

export type ExpirySweep = (auth: AuthContext) => Promise<void>;

/**
 * Deletes the keys past their expiry, at most once per interval of the engine's clock: the
 * management routes and verify call it first; a key used after its expiry is deleted by that use.
 */
export function expirySweep(): ExpirySweep {
  let last = Number.NEGATIVE_INFINITY;
  return async (auth) => {
    const now = auth.options.now();
    if (now - last < SWEEP_INTERVAL_MS) return;
    last = now;
    await deleteExpiredApiKeys(auth.db, isoNow(now));
  };
}
