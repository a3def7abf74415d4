import type { Transaction } from 'kysely';
import type { AuthContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { ResolvedSession } from '../session/resolve-session.ts';

/** Whose keys: a user's personal keys, or an organization's. */
export type KeyOwner = { userId: string } | { organizationId: string };

/**
 * The API-key feature's service (`ports.apiKeys`): the session an `x-api-key` request presents
 * (for the caller step, `http/caller/api-key.ts`), and the keys that go when their owner does (for
 * user and organization deletion). Undefined while the feature is off: the header is then ignored,
 * and deleting an owner leaves keys a later feature start refuses as orphaned.
 */
export interface ApiKeySessions {
  /**
   * Validates the presented key and counts its use (docs/protocol/api-key.md#validation-in-order, with
   * Gatehouse's decisions): the made-up, never stored session of its owner, or the refusal thrown.
   * `count: false` checks the key without counting the use (a route's `uncountedKey`).
   */
  sessionOf(
    auth: AuthContext,
    request: RequestContext,
    key: string,
    options?: { count?: boolean },
  ): Promise<ResolvedSession>;
  /** Deletes the owner's keys inside the transaction that deletes the owner. */
  deleteOwnedBy(trx: Transaction<Schema>, owner: KeyOwner): Promise<void>;
}
