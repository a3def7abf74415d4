import type { PasskeyRow } from './passkey.repository.ts';

/**
 * A passkey as every route answers it (docs/protocol/passkey.md#verify-registration step 7,
 * docs/protocol/passkey.md#list-user-passkeys): the columns of docs/protocol/passkey.md#the-passkey-table in
 * their order, plus Gatehouse's `lastUsedAt` (null until the first sign-in).
 */
export function passkeyToJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    userId: row.userId,
    credentialID: row.credentialID,
    counter: row.counter,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports,
    createdAt: row.createdAt ? row.createdAt.toISOString() : null,
    aaguid: row.aaguid,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/**
 * The descriptors of `excludeCredentials` / `allowCredentials`
 * (docs/protocol/passkey.md#generate-register-options step 3,
 * docs/protocol/passkey.md#generate-authenticate-options).
 */
export function credentialDescriptor(row: PasskeyRow): {
  id: string;
  type: 'public-key';
  transports?: string[];
} {
  const transports = (row.transports ?? '').split(',').filter((t) => t !== '');
  return { id: row.credentialID, type: 'public-key', ...(transports.length > 0 ? { transports } : {}) };
}
