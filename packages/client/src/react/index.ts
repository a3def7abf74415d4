export { type SessionState, SessionStore } from './session-store.ts';
export { SessionProvider, useSession } from './use-session.ts';
