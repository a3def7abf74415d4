import { z } from 'zod';
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

/** `credentialDescriptor`'s object. */
export const credentialDescriptorJson = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** What a passkey check (`checkAssertion`) refuses: no ceremony, an unknown key, a failed proof. */
export const ASSERTION_REFUSALS = [
  'PASSKEY_ORIGIN_MISSING',
  'CHALLENGE_NOT_FOUND',
  ['PASSKEY_NOT_FOUND', 401],
  'AUTHENTICATION_FAILED',
  ['AUTHENTICATION_FAILED', 401],
] as const;
