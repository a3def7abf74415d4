import { appleProvider } from './apple.ts';
import { discordProvider } from './discord.ts';
import { genericOidcProvider } from './generic-oidc.ts';
import { githubProvider } from './github.ts';
import { gitlabProvider } from './gitlab.ts';
import { googleProvider } from './google.ts';
import { microsoftProvider } from './microsoft.ts';
import type { SocialProvider } from './provider.ts';
import type { BaseProviderOptions, SocialProvidersOptions } from './provider-options.ts';

const BUILT_IN = {
  github: githubProvider,
  google: googleProvider,
  microsoft: microsoftProvider,
  discord: discordProvider,
  gitlab: gitlabProvider,
  apple: appleProvider,
} as const;

/** The configured providers by id, in a stable order: built-ins first, then generic OpenID ones. */
export function buildProviders(options: SocialProvidersOptions): Map<string, SocialProvider> {
  const providers = new Map<string, SocialProvider>();
  const enabled = (o: BaseProviderOptions | undefined): o is BaseProviderOptions =>
    o !== undefined && o.enabled !== false;
  for (const [id, build] of Object.entries(BUILT_IN)) {
    const config = options[id as keyof typeof BUILT_IN];
    if (enabled(config)) providers.set(id, (build as (o: BaseProviderOptions) => SocialProvider)(config));
  }
  for (const config of options.oidc ?? []) {
    if (!enabled(config)) continue;
    if (providers.has(config.providerId))
      throw new Error(`Duplicate social provider id ${config.providerId}`);
    providers.set(config.providerId, genericOidcProvider(config));
  }
  return providers;
}
