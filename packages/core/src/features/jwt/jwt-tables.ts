import type { DateColumn } from '../../db/schema.ts';

/**
 * Signing keys of the JWT feature (docs/protocol/jwt.md#keys-and-rotation); JWK JSON text in both key
 * columns.
 */
export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: DateColumn;
  expiresAt: DateColumn | null;
  alg: string | null;
  crv: string | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface JwtTables {
  jwks: JwksTable;
}
