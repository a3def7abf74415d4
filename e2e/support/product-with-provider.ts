import { type OidcTestProvider, startOidcTestProvider } from '@gatehouse/core/testing/oidc';
import { freePort } from '../../apps/server/src/testing/free-port.ts';
import { type Product, startProduct } from './product.ts';

/** A person the test provider knows: their login there, and the claims it gives the product. */
export interface ProviderPerson {
  login: string;
  email: string;
  name: string;
}

/**
 * The product offering sign-in with a real OpenID provider on loopback, named `providerName`.
 * The provider must know the product's redirect URI, and the product the provider's issuer, so
 * the product's port is chosen first.
 */
export async function startProductWithProvider(options: {
  providerName: string;
  people: ProviderPerson[];
  env?: Record<string, string>;
  /** The product's host name, e.g. localhost where WebAuthn needs a domain; default 127.0.0.1. */
  host?: string;
}): Promise<{ product: Product; provider: OidcTestProvider }> {
  const port = await freePort();
  const host = options.host ?? '127.0.0.1';
  const provider = await startOidcTestProvider({
    clientId: 'gatehouse-e2e',
    clientSecret: 'e2e-client-secret',
    redirectUris: [`http://${host}:${port}/api/auth/callback/oidc`],
    users: Object.fromEntries(
      options.people.map((person) => [
        person.login,
        { email: person.email, email_verified: true, name: person.name },
      ]),
    ),
  });
  const product = await startProduct({
    port,
    host,
    env: {
      ...options.env,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'gatehouse-e2e',
      OIDC_CLIENT_SECRET: 'e2e-client-secret',
      OIDC_NAME: options.providerName,
    },
  });
  return { product, provider };
}
