import { accountDeletionWords } from './account-deletion.ts';
import { emailChangeWords } from './email-change.ts';
import { invitationWords } from './invitation.ts';
import { layoutWords } from './layout.ts';
import { passwordResetWords } from './password-reset.ts';
import { twoFactorCodeWords } from './two-factor-code.ts';
import { verificationWords } from './verification.ts';

/**
 * Every template's words by name, so words.test.ts checks each language of each. A new template
 * adds its `words/<template>.ts` here.
 */
export const ALL_EMAIL_WORDS = {
  layout: layoutWords,
  verification: verificationWords,
  passwordReset: passwordResetWords,
  emailChange: emailChangeWords,
  accountDeletion: accountDeletionWords,
  invitation: invitationWords,
  twoFactorCode: twoFactorCodeWords,
};
