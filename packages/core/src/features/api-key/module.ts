import { defineFeature } from '../feature-module.ts';
import { apiKeyEndpoints } from './api-key-endpoints.ts';
import { apiKeyErrors } from './api-key-errors.ts';
import { apiKeyEvents } from './api-key-events.ts';
import { type ResolvedApiKey, resolveApiKey } from './api-key-options.ts';
import { apiKeyService } from './api-key-service.ts';
import { type ExpirySweep, expirySweep } from './expiry-sweep.ts';
import { apiKeyTable } from './migrations/0020-api-key.ts';
import { apiKeyCreatedBy } from './migrations/0021-api-key-created-by.ts';

/** One sweep per engine, which its routes share (the settings object is the engine's own). */
const sweeps = new WeakMap<ResolvedApiKey, ExpirySweep>();
const sweepOf = (config: ResolvedApiKey): ExpirySweep => {
  const known = sweeps.get(config);
  if (known) return known;
  const sweep = expirySweep();
  sweeps.set(config, sweep);
  return sweep;
};

export const apiKeyModule = defineFeature({
  name: 'api-key',
  api: {
    name: 'API keys',
    description:
      'Personal and organization API keys: creating and managing them, and `x-api-key` sessions with per-key limits.',
  },
  errors: apiKeyErrors,
  events: apiKeyEvents,
  migrations: { '0020-api-key': apiKeyTable, '0021-api-key-created-by': apiKeyCreatedBy },
  settings: (options) => ({ apiKey: resolveApiKey(options.apiKey) }),
  config: (options) => options.apiKey,
  endpoints: (config, options) =>
    apiKeyEndpoints({
      config,
      organizations: options.organization !== undefined,
      admin: options.admin !== undefined,
      sweep: sweepOf(config),
    }),
  provides: () => ({ apiKeys: apiKeyService }),
});
