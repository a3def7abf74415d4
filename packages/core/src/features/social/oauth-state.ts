import type { AuthContext } from '../../context.ts';
import { randomString } from '../../crypto/random.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { clearCookie, readSignedCookie, setSignedCookie } from '../../session/session-cookies.ts';
import {
  deleteVerification,
  findVerificationValue,
  insertVerification,
} from '../../user/verification.repository.ts';

/**
 * docs/protocol/social.md#random-values-and-pkce: state, verifier and nonce are drawn from this 64-symbol
 * alphabet.
 */
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const urlSafeRandom = (length: number): string => randomString(length, URL_SAFE);

/** The state row lives 10 minutes; its cookie 5, so in practice a flow must finish within 5. */
const STATE_TTL_MS = 600_000;
const STATE_COOKIE_SECONDS = 300;

export interface LinkIntent {
  userId: string;
  email: string;
  encryptedSessionToken: string;
}

/**
 * The stored payload (docs/protocol/social.md#state-payload); key order matters only for byte-compatibility.
 */
export interface StatePayload {
  callbackURL: string;
  codeVerifier: string;
  errorURL?: string;
  newUserURL?: string;
  link?: LinkIntent;
  expiresAt: number;
  requestSignUp?: boolean;
  idTokenNonce?: string;
  oauthState: string;
}

export interface NewState {
  callbackURL: string;
  errorURL?: string;
  newUserURL?: string;
  link?: LinkIntent;
  requestSignUp?: boolean;
  idTokenNonce?: string;
  additionalData?: Record<string, unknown>;
}

export const stateCookieName = (auth: AuthContext): string =>
  `${auth.options.secureCookies ? '__Secure-' : ''}${auth.options.cookiePrefix}.state`;

const stateIdentifier = (state: string) => `auth-state:${state}`;

/**
 * Starts a flow: a single-use state row in the verification table (database strategy,
 * docs/protocol/social.md#state-storage) and a signed cookie that ties the flow to this browser, so a state
 * minted for someone else cannot be completed here (login CSRF).
 */
export async function createOAuthState(
  auth: AuthContext,
  request: RequestContext,
  input: NewState,
): Promise<{ state: string; codeVerifier: string }> {
  const state = urlSafeRandom(32);
  const codeVerifier = urlSafeRandom(128);
  const now = auth.options.now();
  // additionalData first, so none of its keys can override the flow's own.
  const payload = {
    ...input.additionalData,
    callbackURL: input.callbackURL,
    codeVerifier,
    errorURL: input.errorURL,
    newUserURL: input.newUserURL,
    link: input.link,
    expiresAt: now + STATE_TTL_MS,
    requestSignUp: input.requestSignUp,
    idTokenNonce: input.idTokenNonce,
    oauthState: state,
  };
  await insertVerification(
    auth.db,
    stateIdentifier(state),
    JSON.stringify(payload),
    new Date(now + STATE_TTL_MS),
    now,
  );
  setSignedCookie(auth, request, stateCookieName(auth), state, STATE_COOKIE_SECONDS);
  return { state, codeVerifier };
}

export type StateCheck =
  | { ok: true; payload: StatePayload }
  | { ok: false; error: 'state_mismatch' | 'internal_server_error'; payload?: StatePayload };

/**
 * Reads and consumes a state (docs/protocol/social.md#state-validation). A failure before the payload is read
 * names no payload, so the caller uses the default error URL; after that the flow's own error URL.
 */
export async function consumeOAuthState(
  auth: AuthContext,
  request: RequestContext,
  state: string,
): Promise<StateCheck> {
  let value: string | null;
  try {
    value = await findVerificationValue(auth.db, stateIdentifier(state));
  } catch {
    return { ok: false, error: 'internal_server_error' };
  }
  if (value === null) return { ok: false, error: 'state_mismatch' };
  let payload: StatePayload;
  try {
    payload = JSON.parse(value) as StatePayload;
  } catch {
    return { ok: false, error: 'internal_server_error' };
  }
  if (payload.oauthState !== state) return { ok: false, error: 'state_mismatch', payload };
  const name = stateCookieName(auth);
  if (readSignedCookie(auth, request, name) !== state) return { ok: false, error: 'state_mismatch', payload };
  clearCookie(auth, request, name);
  // Single use: of two concurrent callbacks only the one whose delete removed the row goes on.
  if (!(await deleteVerification(auth.db, stateIdentifier(state))))
    return { ok: false, error: 'state_mismatch', payload };
  if (payload.expiresAt < auth.options.now()) return { ok: false, error: 'state_mismatch', payload };
  return { ok: true, payload };
}
