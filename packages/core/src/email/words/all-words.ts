import { accountDeletionWords } from './account-deletion.ts';
import { emailChangeWords } from './email-change.ts';
import { emailCodeWords } from './email-code.ts';
import { invitationWords } from './invitation.ts';
import { layoutWords } from './layout.ts';
import { magicLinkWords } from './magic-link.ts';
import { passwordResetWords } from './password-reset.ts';
import { securityNoticeWords } from './security-notice.ts';
import { twoFactorCodeWords } from './two-factor-code.ts';
import { verificationWords } from './verification.ts';
import { webhookFailingWords } from './webhook-failing.ts';

/**
 * Every template's words by name, so words.test.ts checks each language of each. A new template
 * writes `words/<template>.ts` with `defineEmailWords({ en, de, fr })` (same keys, same
 * `{placeholders}`), lists it here, and in templates.ts renders `words[input.language]`, its
 * values filled by `fillPlaceholders` (or through `render` for a message with an action link).
 */
export const ALL_EMAIL_WORDS = {
  layout: layoutWords,
  verification: verificationWords,
  passwordReset: passwordResetWords,
  emailChange: emailChangeWords,
  accountDeletion: accountDeletionWords,
  invitation: invitationWords,
  twoFactorCode: twoFactorCodeWords,
  securityNotice: securityNoticeWords,
  webhookFailing: webhookFailingWords,
  magicLink: magicLinkWords,
  emailCode: emailCodeWords,
};
