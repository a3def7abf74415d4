import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import {
  completeProviderLogin,
  type OidcTestProvider,
  startOidcTestProvider,
} from '../../testing/oidc-test-provider.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import type { GenericOidcOptions } from './providers/provider-options.ts';

export const CLIENT_ID = 'gatehouse-test-client';
export const CLIENT_SECRET = 'gatehouse-test-client-secret-0123456789abcdef';

export interface SocialServer {
  server: TestServer;
  provider: OidcTestProvider;
  close(): Promise<void>;
}

type Overrides = Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>>;

/**
 * The engine with a generic OpenID provider `oidc` pointed at a real `oidc-provider` on loopback.
 * `keySet` is short in tests that rotate keys; everything else uses the engine's defaults.
 */
export async function startSocialServer(
  dialect: Dialect,
  overrides: Overrides = {},
  oidc: Partial<GenericOidcOptions> = {},
): Promise<SocialServer> {
  const provider = await startOidcTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [],
    users: {
      alice: {
        email: 'Alice@Example.test',
        email_verified: true,
        name: 'Alice',
        picture: 'https://img.test/a.png',
      },
      bob: { email: 'bob@example.test', email_verified: false, name: 'Bob' },
      noemail: { name: 'No Email' },
    },
  });
  const server = await startTestServer(dialect, {
    ...overrides,
    socialProviders: {
      ...overrides.socialProviders,
      oidc: [
        {
          providerId: 'oidc',
          name: 'Test OpenID',
          issuer: provider.issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          ...oidc,
        },
      ],
    },
  });
  provider.setRedirectUris([`${server.url}/api/auth/callback/oidc`]);
  return {
    server,
    provider,
    async close() {
      await server.close();
      await provider.close();
    },
  };
}

/** The path below the base path of an absolute callback URL, for `TestClient.get`. */
export const callbackPath = (url: URL): string => `${url.pathname.replace(/^\/api\/auth/, '')}${url.search}`;

/** Starts a flow, logs in at the provider as `login`, and returns the callback's answer. */
export async function socialSignIn(
  client: TestClient,
  login: string,
  body: Record<string, unknown> = {},
  path = '/sign-in/social',
): Promise<Response> {
  const start = await client.post(path, { provider: 'oidc', ...body });
  if (start.status !== 200) throw new Error(`${path} failed: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const callback = await completeProviderLogin(url, login);
  return client.get(callbackPath(callback));
}

export const locationOf = (response: Response): string => response.headers.get('location') ?? '';
