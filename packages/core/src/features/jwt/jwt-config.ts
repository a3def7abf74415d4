import { type JwtAlgorithm, SUPPORTED_ALGORITHMS } from './key-algorithms.ts';

/** The JWT feature (docs/protocol/jwt.md). Durations are in seconds, like every other option. */
export interface JwtOptions {
  /** Routes GET /token and GET /jwks and adds `set-auth-jwt` to get-session; default off. */
  enabled?: boolean;
  /** Algorithm of newly minted signing keys; default `EdDSA` (Ed25519). */
  algorithm?: JwtAlgorithm;
  /** Token lifetime; default 900 (Better Auth's "15m"). */
  expiresIn?: number;
  /** The `iss` claim; default the base URL's origin, without the base path. */
  issuer?: string;
  /** The `aud` claim; default the base URL's origin, without the base path. */
  audience?: string | string[];
  /** A signing key is replaced once it is this old; default none (keys never rotate). */
  rotationInterval?: number;
  /** How long a rotated key stays in /jwks after it stopped signing; default 2592000 (30 days). */
  gracePeriod?: number;
  /** Leave `set-auth-jwt` off get-session answers; default false. */
  disableSettingJwtHeader?: boolean;
  /** Store private keys as plain JWK JSON instead of encrypted under the secret; default false. */
  disablePrivateKeyEncryption?: boolean;
}

export interface ResolvedJwt {
  algorithm: JwtAlgorithm;
  expiresIn: number;
  issuer: string;
  audience: string | string[];
  rotationInterval: number | undefined;
  gracePeriod: number;
  setHeader: boolean;
  encryptPrivateKeys: boolean;
}

const FIFTEEN_MINUTES = 900;
const THIRTY_DAYS = 30 * 86_400;

/**
 * Applies the protocol's defaults (docs/protocol/jwt.md); undefined when the feature is off, so nothing else
 * pays for it.
 */
export function resolveJwt(jwt: JwtOptions | undefined, origin: string): ResolvedJwt | undefined {
  if (!jwt?.enabled) return undefined;
  const algorithm = jwt.algorithm ?? 'EdDSA';
  // Options may come from untyped configuration; an unknown algorithm would only fail at the first sign-in.
  if (!SUPPORTED_ALGORITHMS.includes(algorithm))
    throw new Error(`jwt.algorithm ${algorithm} is not supported`);
  const expiresIn = jwt.expiresIn ?? FIFTEEN_MINUTES;
  if (!(expiresIn > 0)) throw new Error('jwt.expiresIn must be a positive number of seconds');
  if (jwt.rotationInterval !== undefined && !(jwt.rotationInterval > 0))
    throw new Error('jwt.rotationInterval must be a positive number of seconds');
  const gracePeriod = jwt.gracePeriod ?? THIRTY_DAYS;
  if (!(gracePeriod >= 0)) throw new Error('jwt.gracePeriod must not be negative');
  return {
    algorithm,
    expiresIn,
    issuer: jwt.issuer ?? origin,
    audience: jwt.audience ?? origin,
    rotationInterval: jwt.rotationInterval,
    gracePeriod,
    setHeader: !jwt.disableSettingJwtHeader,
    encryptPrivateKeys: !jwt.disablePrivateKeyEncryption,
  };
}
