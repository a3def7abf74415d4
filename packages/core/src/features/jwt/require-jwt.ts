import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { JwtRuntime } from './jwt-runtime.ts';

/** The JWT runtime. The feature's routes exist only while it is on; without it, there is nothing here. */
export function requireJwt(auth: AuthContext): JwtRuntime {
  if (!auth.jwt) throw new AuthError('NOT_FOUND');
  return auth.jwt;
}
