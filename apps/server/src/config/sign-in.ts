import { type Env, variableReader } from './variables.ts';

/** The ways to sign in besides a password, and the tokens other apps and services get. */
export interface SignInConfig {
  /** Second factors (authenticator apps, emailed codes, backup codes); on unless TWO_FACTOR=off. */
  twoFactor: boolean;
  /** Passkey sign-in and management (WebAuthn); on unless PASSKEYS=off. */
  passkeys: boolean;
  /**
   * `Authorization: Bearer` sessions for apps without cookies: `signed` (the default) takes only
   * the signed `set-auth-token` value, `on` bare session tokens too (as Better Auth's bearer
   * plugin), `off` none (apps/server/README.md#security-headers-and-the-dev-outbox).
   */
  bearer: 'on' | 'signed' | 'off';
  /** Signed JWTs for other services: /token, /jwks and the set-auth-jwt header on get-session. */
  jwt: boolean;
}

/** Reads TWO_FACTOR, PASSKEYS, BEARER and JWT. */
export function readSignIn(env: Env, problems: string[]): SignInConfig {
  const read = variableReader(env, problems);
  return {
    twoFactor: read.onOff('TWO_FACTOR'),
    passkeys: read.onOff('PASSKEYS'),
    bearer: read.value(
      'BEARER',
      'signed' as SignInConfig['bearer'],
      (raw) => {
        const value = raw.trim().toLowerCase();
        return value === 'on' || value === 'signed' || value === 'off' ? value : undefined;
      },
      "'on', 'signed' or 'off'",
    ),
    jwt: read.onOff('JWT'),
  };
}
