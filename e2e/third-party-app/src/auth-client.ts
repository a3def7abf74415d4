import { organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

declare global {
  interface Window {
    /** Where Gatehouse runs, written by the server that serves this app (`serve-app.ts`). */
    GATEHOUSE_URL: string;
    /** True when the app keeps its session in a bearer token instead of Gatehouse's cookie. */
    GATEHOUSE_BEARER?: boolean;
  }
}

const TOKEN_KEY = 'gatehouse-token';

/**
 * The bearer setup of Better Auth's docs: keep the token `set-auth-token` hands out, send it back
 * in `Authorization`. An app on another site needs it: browsers do not send Gatehouse's
 * `SameSite=Lax` cookie on that site's calls.
 */
const bearer = {
  auth: { type: 'Bearer' as const, token: () => localStorage.getItem(TOKEN_KEY) ?? '' },
  onSuccess: (context: { response: Response }) => {
    const token = context.response.headers.get('set-auth-token');
    if (token) localStorage.setItem(TOKEN_KEY, token);
  },
};

/** The official client, pointed at Gatehouse on another origin, exactly as an app would set it up. */
export const authClient = createAuthClient({
  baseURL: window.GATEHOUSE_URL,
  plugins: [organizationClient()],
  ...(window.GATEHOUSE_BEARER ? { fetchOptions: bearer } : {}),
});

/** Signing out ends the session at Gatehouse; a bearer app also forgets the token. */
export async function signOut(): Promise<void> {
  await authClient.signOut();
  localStorage.removeItem(TOKEN_KEY);
}
