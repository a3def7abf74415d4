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
  #sequence = 0;

  constructor(private readonly client: GatehouseClient) {}

  getSnapshot = (): SessionState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#start();
    return () => this.#listeners.delete(listener);
  };

  /**
   * Fetches the session again; callers arriving while a fetch runs share it. `fresh` starts a new
   * request even then (after sign-in or sign-out: a request already under way carries the old
   * cookies), and only the newest request's answer is kept.
   */
  refetch = (fresh = false): Promise<void> => {
    if (this.#inFlight && !fresh) return this.#inFlight;
    const sequence = ++this.#sequence;
    const latest = () => sequence === this.#sequence;
    const run: Promise<void> = this.client
      .getSession()
      .then(
        (data) => {
          if (latest()) this.#set({ data, isPending: false, error: null });
        },
        (error: Error) => {
          if (latest()) this.#set({ ...this.#state, isPending: false, error });
        },
      )
      .finally(() => {
        if (this.#inFlight === run) this.#inFlight = null;
      });
    this.#inFlight = run;
    return run;
  };

  #set(state: SessionState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.refetch();
    this.client.onSessionChange(() => void this.refetch(true));
    if (typeof window !== 'undefined') {
      window.addEventListener('focus', () => void this.refetch());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void this.refetch();
      });
    }
  }
}
