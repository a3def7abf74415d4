import type { SessionData } from '@gatehouse/client';

/** The session store's listeners, registered through a mocked client's `onSessionChange`. */
export const sessionListeners = new Set<() => void>();

export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * A mocked `revokeSession` that, as the real client does, tells the session store once it
 * settled, so the store reads the session again.
 */
export async function revokeTellingListeners(): Promise<{ status: boolean }> {
  for (const listener of sessionListeners) listener();
  return { status: true };
}

/** A session read held open until `answer` is called, to see what waits for it. */
export function heldSessionRead(): {
  read: () => Promise<SessionData>;
  answer: (session: SessionData) => void;
} {
  let answer = (_: SessionData) => {};
  const read = () => new Promise<SessionData>((resolve) => (answer = resolve));
  return { read, answer: (session) => answer(session) };
}
