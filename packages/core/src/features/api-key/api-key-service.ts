import type { ApiKeySessions } from '../../ports/api-keys.ts';
import { deleteApiKeysOf } from './api-key.repository.ts';
import { keySession } from './key-session.ts';
import { useKey } from './key-use.ts';

/**
 * The feature's side of `ports.apiKeys`. Only personal keys make a session: an organization key
 * has no user to act as, and is answered as an unknown key (docs/protocol/api-key.md#organization-keys).
 */
export const apiKeyService: ApiKeySessions = {
  async sessionOf(auth, request, key) {
    const { row, owner } = await useKey(auth, request, key, { configId: 'default' });
    // A personal key always has its owner: `useKey` refuses one without.
    if (!owner) throw new Error('a personal key without its owner');
    return keySession(auth, request, row, owner);
  },
  async deleteOwnedBy(trx, owner) {
    if ('userId' in owner) await deleteApiKeysOf(trx, owner.userId, 'default');
    else await deleteApiKeysOf(trx, owner.organizationId, 'organization');
  },
};
