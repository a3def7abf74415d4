import type { AuthContext } from '../context.ts';

// A revoked session's cookie cache could otherwise keep answering for up to its max age. Each
// revocation is remembered for exactly that long, and cache reads consult it.
const key = (token: string) => `revoked-session:${token}`;

export async function rememberRevoked(auth: AuthContext, tokens: string[]): Promise<void> {
  const { enabled, maxAge } = auth.options.session.cookieCache;
  if (!enabled || tokens.length === 0) return;
  await Promise.all(tokens.map((token) => auth.storage.set(key(token), '1', maxAge)));
}

export async function isRevoked(auth: AuthContext, token: string): Promise<boolean> {
  return (await auth.storage.get(key(token))) !== null;
}
