import { GatehouseError } from '@gatehouse/client';

/** The call the server refused: the client's method and what it was given. */
export interface RefusedCall {
  method: string;
  args: unknown[];
}

/**
 * Asks the person to prove it is them again (the dialog in features/reauth) and resolves true
 * once the session is fresh, false when they cancel. Confirming with a provider leaves the app
 * and never resolves: the refused call is then taken up on the way back (lib/pending-reauth.ts).
 */
export type Reauthenticate = (refused: RefusedCall) => Promise<boolean>;

let reauthenticate: Reauthenticate | null = null;
/** One question at a time: calls refused together wait for the same answer. */
let asking: Promise<boolean> | null = null;

/** The dialog registers itself while it is mounted; without it, the refusal goes to the caller. */
export function setReauthenticate(handler: Reauthenticate): () => void {
  reauthenticate = handler;
  return () => {
    if (reauthenticate === handler) reauthenticate = null;
  };
}

/**
 * Whether the server refused a call only because the session is not fresh (signed in too long
 * ago for a sensitive action). Deleting an account without a password says so as SESSION_EXPIRED
 * (packages/core/src/features/account/delete-user.ts), which means the same there.
 */
export function needsFreshSession(method: string, error: unknown): boolean {
  if (!(error instanceof GatehouseError)) return false;
  return error.code === 'SESSION_NOT_FRESH' || (method === 'deleteUser' && error.code === 'SESSION_EXPIRED');
}

/** Methods that must never ask: proving who one is, and what the dialog itself calls. */
const NEVER_ASK = new Set([
  'onSessionChange',
  'signInEmail',
  'signInSocial',
  'signOut',
  'getSession',
  'passkeyGenerateAuthenticateOptions',
  'passkeyVerifyAuthentication',
  'passkeyReauthenticate',
]);

/**
 * The client with every call retried once after re-authentication when the server answers that
 * the session is not fresh, so each sensitive action asks in place instead of signing out.
 */
export function withReauthentication<Client extends object>(client: Client): Client {
  const wrapped: Record<string, unknown> = { ...(client as Record<string, unknown>) };
  for (const [method, value] of Object.entries(client)) {
    if (typeof value !== 'function' || NEVER_ASK.has(method)) continue;
    const call = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        if (!needsFreshSession(method, error) || !reauthenticate) throw error;
        asking ??= reauthenticate({ method, args }).finally(() => {
          asking = null;
        });
        if (!(await asking)) throw error;
        return call(...args);
      }
    };
  }
  return wrapped as Client;
}
