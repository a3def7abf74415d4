import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { productServers } from './testing/product-servers.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

const ALL = {
  GITHUB_CLIENT_ID: 'gh-id',
  GITHUB_CLIENT_SECRET: 'gh-secret',
  GOOGLE_CLIENT_ID: 'g-id',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  MICROSOFT_CLIENT_ID: 'ms-id',
  MICROSOFT_CLIENT_SECRET: 'ms-secret',
  MICROSOFT_TENANT_ID: 'organizations',
  DISCORD_CLIENT_ID: 'd-id',
  DISCORD_CLIENT_SECRET: 'd-secret',
  GITLAB_CLIENT_ID: 'gl-id',
  GITLAB_CLIENT_SECRET: 'gl-secret',
  GITLAB_ISSUER: 'https://gitlab.example.com/',
  APPLE_CLIENT_ID: 'a-id',
  APPLE_CLIENT_SECRET: 'a-secret',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'o-id',
  OIDC_CLIENT_SECRET: 'o-secret',
  OIDC_NAME: 'Acme SSO',
};

describe('social provider settings', () => {
  it('none are configured by default', () => {
    expect(loadConfig({}).socialProviders).toEqual([]);
  });

  it('reads every provider with both credentials, in display order, with the optional extras', () => {
    expect(loadConfig(ALL).socialProviders).toEqual([
      { id: 'github', name: 'GitHub', clientId: 'gh-id', clientSecret: 'gh-secret' },
      { id: 'google', name: 'Google', clientId: 'g-id', clientSecret: 'g-secret' },
      {
        id: 'microsoft',
        name: 'Microsoft',
        clientId: 'ms-id',
        clientSecret: 'ms-secret',
        tenantId: 'organizations',
      },
      { id: 'discord', name: 'Discord', clientId: 'd-id', clientSecret: 'd-secret' },
      {
        id: 'gitlab',
        name: 'GitLab',
        clientId: 'gl-id',
        clientSecret: 'gl-secret',
        issuer: 'https://gitlab.example.com',
      },
      { id: 'apple', name: 'Apple', clientId: 'a-id', clientSecret: 'a-secret' },
      {
        id: 'oidc',
        name: 'Acme SSO',
        clientId: 'o-id',
        clientSecret: 'o-secret',
        issuer: 'https://id.example.com',
      },
    ]);
  });

  it('the generic provider is named OpenID unless OIDC_NAME says otherwise', () => {
    const { OIDC_NAME: _, ...rest } = ALL;
    expect(loadConfig(rest).socialProviders.at(-1)?.name).toBe('OpenID');
  });

  it('half a configuration is one clear problem line per missing variable', () => {
    expect(problemsOf({ GITHUB_CLIENT_ID: 'x' })).toEqual([
      'GITHUB_CLIENT_SECRET: required when GITHUB_CLIENT_ID is set',
    ]);
    expect(problemsOf({ APPLE_CLIENT_SECRET: 'x' })).toEqual([
      'APPLE_CLIENT_ID: required when APPLE_CLIENT_SECRET is set',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_CLIENT_ID: required when OIDC_ISSUER is set',
      'OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set',
    ]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual([
      'OIDC_ISSUER: required when OIDC_CLIENT_ID and OIDC_CLIENT_SECRET is set',
    ]);
  });

  it('issuers must be http(s) URLs', () => {
    expect(problemsOf({ ...ALL, OIDC_ISSUER: 'id.example.com' })).toEqual([
      "OIDC_ISSUER: expected an http(s) URL such as https://id.example.com, got 'id.example.com'",
    ]);
    expect(problemsOf({ ...ALL, GITLAB_ISSUER: 'ftp://x' })).toEqual([
      "GITLAB_ISSUER: expected an http(s) URL such as https://id.example.com, got 'ftp://x'",
    ]);
  });
});

describe('GET /api/config on the running product', () => {
  const start = productServers('social');

  it('lists no providers when none are configured', async () => {
    const server = await start({});
    const response = await fetch(`${server.url}/api/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      socialProviders: [],
      signUp: 'open',
      passwordMinLength: 8,
      passkeys: true,
      apiKeys: true,
      webhooks: false,
      magicLink: false,
      emailOtp: false,
      usernames: false,
      multiSession: false,
      accountDeletion: 'immediate',
    });
    // And sign-in with any provider is 404.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'github' }),
    });
    expect(signIn.status).toBe(404);
  });

  it('lists the configured providers in order and the engine signs in with them', async () => {
    const server = await start({
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      DISCORD_CLIENT_ID: 'd-id',
      DISCORD_CLIENT_SECRET: 'd-secret',
      OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
      OIDC_NAME: 'Acme SSO',
    });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toEqual({
      socialProviders: [
        { id: 'github', name: 'GitHub' },
        { id: 'discord', name: 'Discord' },
        { id: 'oidc', name: 'Acme SSO' },
      ],
      signUp: 'open',
      passwordMinLength: 8,
      passkeys: true,
      apiKeys: true,
      webhooks: false,
      magicLink: false,
      emailOtp: false,
      usernames: false,
      multiSession: false,
      accountDeletion: 'immediate',
    });
    const signIn = await fetch(`${server.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'github', callbackURL: '/', errorCallbackURL: '/social-error' }),
    });
    expect(signIn.status).toBe(200);
    const { url } = (await signIn.json()) as { url: string };
    expect(url).toMatch(
      /^https:\/\/github\.com\/login\/oauth\/authorize\?response_type=code&client_id=gh-id&/,
    );
  });
});
