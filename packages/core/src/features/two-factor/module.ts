import { defineFeature } from '../feature-module.ts';
import { twoFactorTables } from './migrations/0006-two-factor.ts';
import { twoFactorEndpoints } from './two-factor-endpoints.ts';
import { twoFactorErrors } from './two-factor-errors.ts';
import { twoFactorEvents } from './two-factor-events.ts';
import { resolveTwoFactor, twoFactorFields } from './two-factor-options.ts';
import { twoFactorService } from './two-factor-service.ts';

export const twoFactorModule = defineFeature({
  name: 'two-factor',
  api: {
    name: 'Two-factor authentication',
    description:
      'A second factor after the first: authenticator codes (TOTP), emailed codes and backup codes.',
  },
  errors: twoFactorErrors,
  events: twoFactorEvents,
  migrations: { '0006-two-factor': twoFactorTables },
  settings: (options, core) => ({
    twoFactor: resolveTwoFactor(options.twoFactor, {
      appName: core.appName,
      origin: core.origin,
      hasMailer: core.mailer !== undefined,
    }),
  }),
  userFields: ({ twoFactor }) => twoFactorFields(twoFactor),
  // Second factors are guessable codes: limited in every environment
  // (docs/protocol/two-factor.md#d3-second-factors-are-always-rate-limited).
  rateLimits: [{ prefix: '/two-factor/', limit: 'sign-in' }],
  config: (options) => options.twoFactor,
  endpoints: (config) => twoFactorEndpoints(config),
  provides: (config) => ({ secondFactor: twoFactorService(config) }),
});
