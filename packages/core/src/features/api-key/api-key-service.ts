import type { ApiKeySessions } from '../../ports/api-keys.ts';
import { deleteApiKeysOf } from './api-key.repository.ts';
import { keySession } from './key-session.ts';
import { useKey } from './key-use.ts';

/**
 * The feature's side of `ports.apiKeys`. A personal key makes its owner's session; an organization
 * key its creator's, inside its organization only (docs/protocol/api-key.md#decisions-for-gatehouse,
 * K10); an organization key without a creator is answered as an unknown key, as before.
 */
export const apiKeyService: ApiKeySessions = {
  async sessionOf(auth, request, key, options = {}) {
    const { row, owner, ownerJson } = await useKey(auth, request, key, {
      configId: undefined,
      asSession: true,
      count: options.count,
    });
    // `useKey` refuses a session key without its owner or creator.
    if (!owner) throw new Error('a session key without its owner');
    return keySession(auth, request, row, owner, ownerJson);
  },
  async deleteOwnedBy(trx, owner) {
    if ('userId' in owner) await deleteApiKeysOf(trx, owner.userId, 'default');
    else await deleteApiKeysOf(trx, owner.organizationId, 'organization');
  },
};
