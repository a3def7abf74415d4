import type { GatehouseClient } from '../create-client.ts';
import type { SessionData } from '../types.ts';

export interface SessionState {
  data: SessionData | null;
  isPending: boolean;
  error: Error | null;
}

/**
 * One session for the whole page: every component reads the same state, concurrent refetches
 * share one request, and the state follows sign-in/out and the window regaining focus.
 */
export class SessionStore {
  #state: SessionState = { data: null, isPending: true, error: null };
  #listeners = new Set<() => void>();
  #inFlight: Promise<void> | null = null;
  #started = false;

  constructor(private readonly client: GatehouseClient) {}

  getSnapshot = (): SessionState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#start();
    return () => this.#listeners.delete(listener);
  };

  /** Fetches the session again; callers arriving while a fetch runs share it. */
  refetch = (): Promise<void> => {
    this.#inFlight ??= this.client
      .getSession()
      .then(
        (data) => this.#set({ data, isPending: false, error: null }),
        (error: Error) => this.#set({ ...this.#state, isPending: false, error }),
      )
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  };

  #set(state: SessionState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.refetch();
    this.client.onSessionChange(() => void this.refetch());
    if (typeof window !== 'undefined') {
      window.addEventListener('focus', () => void this.refetch());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void this.refetch();
      });
    }
  }
}
