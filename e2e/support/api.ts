import type { BrowserContext } from 'playwright-core';

/** Calls the auth API as the browser context's user (its cookies), as the app on `origin` would. */
export async function postAs(context: BrowserContext, origin: string, path: string, data: object) {
  const response = await context.request.post(`${origin}/api/auth${path}`, { data, headers: { origin } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Reads the auth API as the browser context's user: `path` with its query. */
export async function getAs(context: BrowserContext, origin: string, path: string) {
  const response = await context.request.get(`${origin}/api/auth${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}
