import type { SocialProvidersOptions } from '@gatehouse/core';

/** One configured social provider, as the product reads it from the environment. */
export interface SocialProviderConfig {
  id: string;
  /** Display name for sign-in buttons. */
  name: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft tenant (MICROSOFT_TENANT_ID). */
  tenantId?: string;
  /** Self-hosted GitLab (GITLAB_ISSUER) or the generic OpenID provider's issuer (OIDC_ISSUER). */
  issuer?: string;
}

type Env = Record<string, string | undefined>;

/** The built-in providers in the order the web app shows them. */
const BUILT_IN = [
  ['github', 'GITHUB', 'GitHub'],
  ['google', 'GOOGLE', 'Google'],
  ['microsoft', 'MICROSOFT', 'Microsoft'],
  ['discord', 'DISCORD', 'Discord'],
  ['gitlab', 'GITLAB', 'GitLab'],
  ['apple', 'APPLE', 'Apple'],
] as const;

/**
 * Reads the social providers: a provider is on when its client id and secret are both set. Half a
 * configuration (an id without a secret, an issuer without credentials) is a problem line, so a
 * typo never silently hides a sign-in button.
 */
export function readSocialProviders(env: Env, problems: string[]): SocialProviderConfig[] {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const providers: SocialProviderConfig[] = [];
  for (const [id, prefix, name] of BUILT_IN) {
    const clientId = value(`${prefix}_CLIENT_ID`);
    const clientSecret = value(`${prefix}_CLIENT_SECRET`);
    if (!clientId && !clientSecret) continue;
    if (!clientId) {
      problems.push(`${prefix}_CLIENT_ID: required when ${prefix}_CLIENT_SECRET is set`);
      continue;
    }
    if (!clientSecret) {
      problems.push(`${prefix}_CLIENT_SECRET: required when ${prefix}_CLIENT_ID is set`);
      continue;
    }
    const provider: SocialProviderConfig = { id, name, clientId, clientSecret };
    if (id === 'microsoft' && value('MICROSOFT_TENANT_ID')) provider.tenantId = value('MICROSOFT_TENANT_ID');
    const gitlabIssuer = value('GITLAB_ISSUER');
    if (id === 'gitlab' && gitlabIssuer) provider.issuer = httpURL(gitlabIssuer, 'GITLAB_ISSUER', problems);
    providers.push(provider);
  }

  const oidc = {
    OIDC_ISSUER: value('OIDC_ISSUER'),
    OIDC_CLIENT_ID: value('OIDC_CLIENT_ID'),
    OIDC_CLIENT_SECRET: value('OIDC_CLIENT_SECRET'),
  };
  const given = Object.entries(oidc).filter(([, v]) => v !== undefined);
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = oidc;
  if (issuer !== undefined && clientId !== undefined && clientSecret !== undefined) {
    providers.push({
      id: 'oidc',
      name: value('OIDC_NAME') ?? 'OpenID',
      clientId,
      clientSecret,
      issuer: httpURL(issuer, 'OIDC_ISSUER', problems),
    });
  } else if (given.length > 0) {
    for (const [name, v] of Object.entries(oidc)) {
      if (v === undefined)
        problems.push(`${name}: required when ${given.map(([n]) => n).join(' and ')} is set`);
    }
  }
  return providers;
}

function httpURL(raw: string, name: string, problems: string[]): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`${name}: expected an http(s) URL such as https://id.example.com, got '${raw}'`);
  return raw;
}

/** The engine's `socialProviders` option for the configured providers. */
export function engineSocialProviders(providers: SocialProviderConfig[]): SocialProvidersOptions {
  const options: SocialProvidersOptions = {};
  for (const p of providers) {
    const base = { clientId: p.clientId, clientSecret: p.clientSecret };
    if (p.id === 'oidc') {
      options.oidc = [{ ...base, providerId: 'oidc', name: p.name, issuer: p.issuer }];
    } else if (p.id === 'microsoft') {
      options.microsoft = { ...base, tenantId: p.tenantId };
    } else if (p.id === 'gitlab') {
      options.gitlab = { ...base, issuer: p.issuer };
    } else {
      options[p.id as 'github' | 'google' | 'discord' | 'apple'] = base;
    }
  }
  return options;
}

/** What `GET /api/config` tells the web app: the providers to draw buttons for. */
export const publicSocialProviders = (providers: SocialProviderConfig[]) =>
  providers.map(({ id, name }) => ({ id, name }));
