/** Shared set-up for the JWT feature's tests: a server with the feature on and token helpers. */
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import type { JwtOptions } from './jwt-config.ts';

export function startJwtServer(
  dialect: Dialect,
  jwt: Omit<JwtOptions, 'enabled'> = {},
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now' | 'jwt'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, { ...extra, jwt: { enabled: true, ...jwt } });
}

let sequence = 0;

/** A signed-in client with a fresh address, so tests sharing a server never collide. */
export async function signedIn(server: TestServer, label = 'jwt') {
  sequence += 1;
  const client = server.client();
  const { user } = await client.signUp(`${label}-${sequence}@example.com`);
  return { client, user };
}

/** GET /token's token; throws unless the answer is 200. */
export async function tokenOf(client: TestClient): Promise<string> {
  const response = await client.get('/token');
  if (response.status !== 200) throw new Error(`/token failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function jwksOf(client: TestClient): Promise<JSONWebKeySet> {
  return (await client.get('/jwks')).json() as Promise<JSONWebKeySet>;
}

/** The key set a third-party verifier would build from /jwks. */
export async function localKeySet(client: TestClient) {
  return createLocalJWKSet(await jwksOf(client));
}

export const headerOf = (token: string) => decodeProtectedHeader(token);
export const claimsOf = (token: string) => decodeJwt(token);
export const kidOf = (token: string) => decodeProtectedHeader(token).kid;

export const jwksRows = (server: TestServer) =>
  server.database.db.selectFrom('jwks').selectAll().orderBy('createdAt', 'asc').execute();
