import { type CryptoKey, generateKeyPair } from 'jose';

/** The algorithms Better Auth's JWT plugin can mint keys for (docs/protocol/jwt.md#keys-and-rotation). */
export const SUPPORTED_ALGORITHMS = ['EdDSA', 'ES256', 'ES512', 'PS256', 'RS256'] as const;
export type JwtAlgorithm = (typeof SUPPORTED_ALGORITHMS)[number];

/** The curve each algorithm is minted on; RSA keys have none (the `crv` column stays null). */
const CURVES: Record<JwtAlgorithm, string | undefined> = {
  EdDSA: 'Ed25519',
  ES256: 'P-256',
  ES512: 'P-521',
  PS256: undefined,
  RS256: undefined,
};

export const curveOf = (algorithm: JwtAlgorithm): string | undefined => CURVES[algorithm];

/** A fresh key pair; the private half is extractable because it is stored (encrypted) in `jwks`. */
export function generateSigningKeyPair(
  algorithm: JwtAlgorithm,
): Promise<{ publicKey: CryptoKey; privateKey: CryptoKey }> {
  const crv = CURVES[algorithm];
  // RSA keys use jose's (and Better Auth's) default modulus of 2048 bits.
  return generateKeyPair(algorithm, { extractable: true, ...(crv ? { crv } : {}) });
}
