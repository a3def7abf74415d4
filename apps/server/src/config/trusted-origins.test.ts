import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { productServers } from '../testing/product-servers.ts';

/** The problem lines loadConfig reports for this TRUSTED_ORIGINS; none when it is accepted. */
function problemsOf(TRUSTED_ORIGINS: string): string[] {
  try {
    loadConfig({ TRUSTED_ORIGINS });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

const everySite = (entry: string) =>
  `TRUSTED_ORIGINS: expected an origin or a subdomain wildcard, got '${entry}' (it would trust every site): list each origin, such as https://app.example.com, or write https://*.example.com`;
const badWildcard = (entry: string) =>
  `TRUSTED_ORIGINS: expected a wildcard only as the whole first label of an http(s) origin, such as https://*.example.com, got '${entry}'`;
const notAnOrigin = (entry: string) =>
  `TRUSTED_ORIGINS: expected an http(s) origin such as https://app.example.com (no path, query, trailing slash or empty label), got '${entry}'`;

describe('TRUSTED_ORIGINS refuses entries that trust more than the operator meant', () => {
  it.each([
    ['*', everySite('*')],
    ['https://*', everySite('https://*')],
    ['http://*', everySite('http://*')],
    ['*://*', everySite('*://*')],
    ['*.*', everySite('*.*')],
    [
      '*.example.com',
      "TRUSTED_ORIGINS: expected a scheme on a wildcard, got '*.example.com' (it would trust http:// and every port too): write https://*.example.com",
    ],
    ['https://app.*.example.com', badWildcard('https://app.*.example.com')],
    ['https://app*.example.com', badWildcard('https://app*.example.com')],
    ['https://*example.com', badWildcard('https://*example.com')],
    ['https://*.*.example.com', badWildcard('https://*.*.example.com')],
    ['*://app.example.com', badWildcard('*://app.example.com')],
    ['http*://app.example.com', badWildcard('http*://app.example.com')],
    ['https://*.example.com:*', badWildcard('https://*.example.com:*')],
    ['https://*..example.com', badWildcard('https://*..example.com')],
    ['https://*.example.com/callback', badWildcard('https://*.example.com/callback')],
    ['https://*.example.com?x=1', badWildcard('https://*.example.com?x=1')],
    ['myapp://*', badWildcard('myapp://*')],
    [
      'https://*.com',
      "TRUSTED_ORIGINS: expected a wildcard under a domain of two or more labels, such as https://*.example.com, got 'https://*.com'",
    ],
    ['https://app..example.com', notAnOrigin('https://app..example.com')],
    ['https://.example.com', notAnOrigin('https://.example.com')],
    ['https://app.example.com/path', notAnOrigin('https://app.example.com/path')],
    ['https://app.example.com?next=1', notAnOrigin('https://app.example.com?next=1')],
    ['https://app.example.com/', notAnOrigin('https://app.example.com/')],
  ])('%s is refused with one line naming the variable and the value', (entry, line) => {
    expect(problemsOf(entry)).toEqual([line]);
  });

  it('names each bad entry on its own line and keeps the good ones out of the way', () => {
    expect(problemsOf('https://ok.example.com, *, https://a.*.example.com')).toEqual([
      everySite('*'),
      badWildcard('https://a.*.example.com'),
    ]);
  });
});

describe('TRUSTED_ORIGINS keeps accepting sound entries', () => {
  it('exact origins, subdomain wildcards with a scheme and a port, in any letter case', () => {
    const entries = [
      'https://app.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'https://*.example.com',
      'https://*.preview.example.com:8443',
      'HTTPS://*.Example.org',
    ];
    expect(loadConfig({ TRUSTED_ORIGINS: entries.join(',') }).trustedOrigins).toEqual(entries);
  });
});

describe('a subdomain wildcard on the running product', () => {
  const start = productServers('trusted-origins');
  const signUp = (url: string, origin: string, email: string) =>
    fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ name: 'Wildcard', email, password: 'correct horse battery' }),
    });

  it('lets https://app.example.com through the origin check and turns https://evil.com away', async () => {
    const server = await start({ TRUSTED_ORIGINS: 'https://*.example.com' });
    const refused = await signUp(server.url, 'https://evil.com', 'wild@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ORIGIN', message: 'Invalid origin' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    // The refused sign-up created nothing: the same address signs up from the trusted origin.
    const accepted = await signUp(server.url, 'https://app.example.com', 'wild@example.com');
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(await accepted.json()).toMatchObject({ user: { email: 'wild@example.com' } });
  });
});
