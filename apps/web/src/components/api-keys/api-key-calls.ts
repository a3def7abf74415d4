import type { ApiKeyList, CreatedApiKey, Permissions } from '@gatehouse/client';

/**
 * What a new key is asked for with: its name, its lifetime in seconds (absent: it never expires)
 * and its scopes (absent: the owner's full rights; packages/core/src/features/api-key/README.md, K9).
 */
export interface NewApiKey {
  name: string;
  expiresIn?: number;
  permissions?: Permissions;
}

/**
 * The calls for one owner's keys: a person's own, or an organization's. The screens that own them
 * build these from the client's personal or organization calls, so the pieces here stay the same
 * for both (docs/protocol/api-key-client.md#configurations).
 */
export interface ApiKeyCalls {
  /** Tells this owner's list from another's in the query cache. */
  queryKey: readonly unknown[];
  list(signal: AbortSignal): Promise<ApiKeyList>;
  create(key: NewApiKey): Promise<CreatedApiKey>;
  revoke(keyId: string): Promise<unknown>;
  /** A new secret for the key, answered once; the old one stops (K13). */
  rotate(keyId: string): Promise<CreatedApiKey>;
}
