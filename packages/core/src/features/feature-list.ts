import { accountModule } from './account/module.ts';
import { adminModule } from './admin/module.ts';
import { apiKeyModule } from './api-key/module.ts';
import { auditModule } from './audit/module.ts';
import { avatarModule } from './avatar/module.ts';
import { coreModule } from './core/module.ts';
import { emailOtpModule } from './email-otp/module.ts';
import { emailPasswordModule } from './email-password/module.ts';
import type { EndpointNameOf } from './feature-module.ts';
import { importModule } from './import/module.ts';
import { jwtModule } from './jwt/module.ts';
import { magicLinkModule } from './magic-link/module.ts';
import { multiSessionModule } from './multi-session/module.ts';
import { organizationModule } from './organization/module.ts';
import { passkeyModule } from './passkey/module.ts';
import { passwordResetModule } from './password-reset/module.ts';
import { sessionsModule } from './sessions/module.ts';
import { socialModule } from './social/module.ts';
import { twoFactorModule } from './two-factor/module.ts';
import { usernameModule } from './username/module.ts';
import { verificationModule } from './verification/module.ts';
import { webhookModule } from './webhooks/module.ts';

/**
 * Every feature the engine can mount, in the order docs/api.md, the OpenAPI document and `/docs/api`
 * list their routes. Adding a feature is its folder (with a `module.ts`) and one entry here
 * (CONTRIBUTING: Adding a feature).
 */
export const featureModules = [
  emailPasswordModule,
  sessionsModule,
  verificationModule,
  passwordResetModule,
  accountModule,
  avatarModule,
  coreModule,
  adminModule,
  importModule,
  jwtModule,
  organizationModule,
  socialModule,
  twoFactorModule,
  passkeyModule,
  magicLinkModule,
  emailOtpModule,
  apiKeyModule,
  auditModule,
  webhookModule,
  usernameModule,
  multiSessionModule,
] as const;

/** Every `auth.api` function name any feature can contribute. */
export type EndpointName = EndpointNameOf<(typeof featureModules)[number]>;
