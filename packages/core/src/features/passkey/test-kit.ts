import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import {
  type AssertionGesture,
  type CreationOptionsJSON,
  type Gesture,
  type RequestOptionsJSON,
  SoftwareAuthenticator,
} from '../../testing/software-authenticator.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

export const PASSWORD = 'correct horse battery';
export const CEREMONY_COOKIE = 'better-auth.better-auth-passkey';
export const SESSION_COOKIE = 'better-auth.session_token';

type Overrides = Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>>;

/** A test server with passkeys on (and whatever else a test turns on). */
export function startPasskeyServer(dialect: Dialect, overrides: Overrides = {}): Promise<TestServer> {
  return startTestServer(dialect, { appName: 'Gatehouse Test', passkey: {}, ...overrides });
}

let counter = 0;
export const freshEmail = (tag = 'pk') => `${tag}-${++counter}-${Date.now()}@example.com`;

export interface Registered {
  client: TestClient;
  authenticator: SoftwareAuthenticator;
  email: string;
  userId: string;
  passkey: Record<string, unknown> & { id: string; credentialID: string };
}

/** The registration options for a signed-in client. */
export async function registerOptions(client: TestClient, query = ''): Promise<CreationOptionsJSON> {
  const response = await client.get(`/passkey/generate-register-options${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CreationOptionsJSON;
}

/** One registration ceremony: options, the authenticator's answer, and the verify call's response. */
export async function register(
  server: TestServer,
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  body: Record<string, unknown> = {},
  gesture: Partial<Gesture> = {},
): Promise<Response> {
  const options = await registerOptions(client);
  const response = await authenticator.register(options, { origin: server.url, ...gesture });
  return client.post('/passkey/verify-registration', { response, ...body });
}

/** Signs up a new user and registers one passkey; the client keeps its session. */
export async function registered(
  server: TestServer,
  authenticator = new SoftwareAuthenticator(),
  email = freshEmail(),
): Promise<Registered> {
  const client = server.client();
  const { user } = await client.signUp(email, PASSWORD);
  const response = await register(server, client, authenticator, { name: 'My laptop' });
  expect(response.status).toBe(200);
  const passkey = (await response.json()) as Registered['passkey'];
  return { client, authenticator, email, userId: user.id, passkey };
}

/** The authentication options as a browser without a session (or with `client`'s) gets them. */
export async function authenticateOptions(client: TestClient): Promise<RequestOptionsJSON> {
  const response = await client.get('/passkey/generate-authenticate-options');
  expect(response.status).toBe(200);
  return (await response.json()) as RequestOptionsJSON;
}

/** One sign-in ceremony from a new browser (or `client`): options, assertion, verify. */
export async function signInWithPasskey(
  server: TestServer,
  authenticator: SoftwareAuthenticator,
  gesture: Partial<AssertionGesture> = {},
  client = server.client(),
): Promise<{ client: TestClient; response: Response }> {
  const options = await authenticateOptions(client);
  const assertion = await authenticator.authenticate(options, { origin: server.url, ...gesture });
  const response = await client.post('/passkey/verify-authentication', { response: assertion });
  return { client, response };
}

/** The passkey rows of a user straight from the database, for "nothing changed" checks. */
export function passkeyRows(server: TestServer, userId: string) {
  return server.database.db.selectFrom('passkey').selectAll().where('userId', '=', userId).execute();
}
