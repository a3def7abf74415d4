import { accountMessages } from './messages/account.ts';
import { accountPageMessages } from './messages/account-pages.ts';
import { accountSwitcherMessages } from './messages/account-switcher.ts';
import { adminMessages } from './messages/admin.ts';
import { apiDocsMessages } from './messages/api-docs.ts';
import { apiKeyMessages } from './messages/api-keys.ts';
import { auditMessages } from './messages/audit.ts';
import { authMessages } from './messages/auth.ts';
import { devMailMessages } from './messages/dev-mail.ts';
import { errorMessages } from './messages/errors.ts';
import { invitationMessages } from './messages/invitations.ts';
import { organizationMessages } from './messages/organization.ts';
import { organizationErrorMessages } from './messages/organization-errors.ts';
import { passwordMessages } from './messages/password.ts';
import { passwordlessMessages } from './messages/passwordless.ts';
import { roleMessages } from './messages/roles.ts';
import { securityErrorMessages } from './messages/security-errors.ts';
import { serverErrorMessages } from './messages/server-errors.ts';
import { sessionsMessages } from './messages/sessions.ts';
import { shellMessages } from './messages/shell.ts';
import { socialMessages } from './messages/social.ts';
import { teamMessages } from './messages/teams.ts';
import { twoFactorMessages } from './messages/two-factor.ts';
import { uiMessages } from './messages/ui.ts';
import { usernameSessionErrorMessages } from './messages/username-session-errors.ts';
import { usernameMessages } from './messages/usernames.ts';
import { webhookMessages } from './messages/webhooks.ts';

/**
 * Every area's words. An area lives in `messages/<area>.ts` with its three languages side by side;
 * add a new area here. Keys are prefixed by area, and catalogues.test.ts fails if two areas share one.
 */
export const AREAS = [
  shellMessages,
  passwordMessages,
  accountMessages,
  twoFactorMessages,
  organizationMessages,
  invitationMessages,
  teamMessages,
  roleMessages,
  adminMessages,
  auditMessages,
  apiDocsMessages,
  apiKeyMessages,
  webhookMessages,
  sessionsMessages,
  errorMessages,
  serverErrorMessages,
  organizationErrorMessages,
  securityErrorMessages,
  usernameSessionErrorMessages,
  socialMessages,
  uiMessages,
  authMessages,
  accountPageMessages,
  devMailMessages,
  passwordlessMessages,
  usernameMessages,
  accountSwitcherMessages,
] as const;
