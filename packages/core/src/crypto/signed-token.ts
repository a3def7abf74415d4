import { errors, jwtVerify, SignJWT } from 'jose';

/** docs/protocol/core.md#signed-tokens: signed tokens default to 3600 s with HS256. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

/** Why a token was refused: the spec's token error kinds, plus plain garbage. */
export type TokenErrorKind =
  | 'expired'
  | 'invalid-claims'
  | 'invalid-signature'
  | 'unsupported-algorithm'
  | 'malformed';

export type TokenResult = { ok: true; claims: Record<string, unknown> } | { ok: false; kind: TokenErrorKind };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs claims as an HS256 JWT keyed by the secret, with `iat` and `exp`. */
export function signToken(
  secret: string,
  claims: Record<string, unknown>,
  nowMs: number,
  expiresInSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(keyOf(secret));
}

/** Verifies an HS256 token at the given time; failures say which kind of failure it was. */
export async function verifyToken(secret: string, token: string, nowMs: number): Promise<TokenResult> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    return { ok: true, claims: payload as Record<string, unknown> };
  } catch (error) {
    return { ok: false, kind: tokenErrorKind(error) };
  }
}

/** Names a jose verification failure by the spec's token error kinds. */
export function tokenErrorKind(error: unknown): TokenErrorKind {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return 'invalid-claims';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'invalid-signature';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return 'unsupported-algorithm';
  return 'malformed';
}
