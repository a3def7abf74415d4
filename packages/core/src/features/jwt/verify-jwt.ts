import { decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import { type TokenErrorKind, tokenErrorKind } from '../../crypto/signed-token.ts';
import type { JwtRuntime } from './jwt-runtime.ts';

export type JwtVerification = { ok: true; payload: JWTPayload } | { ok: false; kind: TokenErrorKind };

/**
 * The server-side check of a token this server issued (docs/protocol/jwt.md#keys-and-rotation): the key its
 * `kid` names, from every stored key (no grace filter), that key's algorithm only, our `iss` and `aud`, and
 * `sub` and `aud` present. Better Auth answers null on any failure; this says which kind it was.
 *
 * @example
 * const result = await verifyJwt(auth, bearer);
 * if (result.ok) console.log(result.payload.sub);
 */
export async function verifyJwt(
  auth: { jwt: JwtRuntime | undefined },
  token: string,
): Promise<JwtVerification> {
  const { jwt } = auth;
  if (!jwt) throw new Error('verifyJwt needs the JWT feature: set jwt.enabled');
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return { ok: false, kind: 'malformed' };
  }
  // No key of ours carries that id, so no signature of ours can be behind the token.
  const key = kid ? await jwt.keys.verificationKey(kid) : undefined;
  if (!key) return { ok: false, kind: 'invalid-signature' };
  try {
    const { payload } = await jwtVerify(token, key.key, {
      algorithms: [key.alg],
      issuer: jwt.config.issuer,
      audience: jwt.config.audience,
      requiredClaims: ['sub', 'aud'],
      currentDate: new Date(jwt.now()),
    });
    return { ok: true, payload };
  } catch (error) {
    return { ok: false, kind: tokenErrorKind(error) };
  }
}
