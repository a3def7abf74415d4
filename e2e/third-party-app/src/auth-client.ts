import { organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

declare global {
  interface Window {
    /** Where Gatehouse runs, written by the server that serves this app (`serve-app.ts`). */
    GATEHOUSE_URL: string;
  }
}

/** The official client, pointed at Gatehouse on another origin, exactly as an app would set it up. */
export const authClient = createAuthClient({
  baseURL: window.GATEHOUSE_URL,
  plugins: [organizationClient()],
});
