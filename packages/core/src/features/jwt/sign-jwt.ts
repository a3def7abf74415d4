import { SignJWT } from 'jose';
import type { AdditionalFields } from '../../user/additional-fields.ts';
import { type User, userToJson } from '../../user/user.ts';
import type { JwtRuntime } from './jwt-runtime.ts';

/**
 * The session's JWT (docs/protocol/jwt.md#the-token), signed with the newest key. The payload is written in
 * the protocol's order (docs/protocol/jwt.md#the-token): `iat`, the user as responses show it, then `sub`,
 * `exp`, `iss`, `aud`. The header is `{alg, kid}` only: Better Auth sets no `typ`.
 */
export async function signUserJwt(jwt: JwtRuntime, user: User, fields: AdditionalFields): Promise<string> {
  const { kid, alg, key } = await jwt.keys.signingKey();
  const iat = Math.floor(jwt.now() / 1000);
  const { expiresIn, issuer, audience } = jwt.config;
  // Built by hand, not with jose's setters, which would append `iat` after the user fields.
  const claims = {
    iat,
    ...userToJson(user, fields),
    sub: user.id,
    exp: iat + expiresIn,
    iss: issuer,
    aud: audience,
  };
  return new SignJWT(claims).setProtectedHeader({ alg, kid }).sign(key);
}
