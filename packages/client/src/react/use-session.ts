import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { GatehouseClient } from '../create-client.ts';
import { type SessionState, SessionStore } from './session-store.ts';

const SessionContext = createContext<SessionStore | null>(null);

/** Provides one shared session store to the components below. */
export function SessionProvider({ client, children }: { client: GatehouseClient; children: ReactNode }) {
  const store = useStoreFor(client);
  return createElement(SessionContext.Provider, { value: store }, children);
}

const stores = new WeakMap<GatehouseClient, SessionStore>();
function useStoreFor(client: GatehouseClient): SessionStore {
  let store = stores.get(client);
  if (!store) {
    store = new SessionStore(client);
    stores.set(client, store);
  }
  return store;
}

/** The current session (`data` null when signed out), plus `refetch`. */
export function useSession(): SessionState & { refetch: (fresh?: boolean) => Promise<void> } {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession must be used inside <SessionProvider>');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, refetch: store.refetch };
}
