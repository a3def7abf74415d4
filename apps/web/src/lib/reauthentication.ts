import { type EndpointSpec, endpoints, GatehouseError } from '@gatehouse/client';

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
 * The client with each sensitive call (`sensitive` in packages/client/src/endpoints.ts) retried
 * once after re-authentication when the server answers that the session is not fresh, so the
 * action asks in place instead of signing out. Other calls, signing in among them, pass as they are.
 */
export function withReauthentication<Client extends object>(client: Client): Client {
  const wrapped: Record<string, unknown> = { ...(client as Record<string, unknown>) };
  for (const [method, spec] of Object.entries<EndpointSpec<unknown, unknown>>(endpoints)) {
    const value = (client as Record<string, unknown>)[method];
    const staleCodes: readonly string[] | undefined = spec.sensitive;
    if (typeof value !== 'function' || !staleCodes) continue;
    const call = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        // Refused only because the session was signed in too long ago for this action?
        const stale = error instanceof GatehouseError && staleCodes.includes(error.code);
        if (!stale || !reauthenticate) throw error;
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
