import type { AuthContext } from '../../context.ts';
import { logFailedSend, sendMail, spendOrRefuse } from '../../email/deliver.ts';
import { emailLanguage } from '../../email/language.ts';
import { causeOf } from '../../email/mail-budget.ts';
import { type EmailCodePurpose, emailCodeEmail } from '../../email/passwordless-templates.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { checkCode, newCode, storeCode } from '../../user/one-time-code.ts';
import { signUpRefusal } from '../../user/sign-up-policy.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { deleteVerification } from '../../user/verification.repository.ts';
import type { ResolvedEmailOtp } from './email-otp-options.ts';

// One code per purpose and address, the verification row `{purpose}-otp-{email}`
// (docs/protocol/passwordless.md#2-email-codes-emailotp): a new one replaces the one before, and a
// code of one purpose is never tried for another.

const codeId = (purpose: EmailCodePurpose, email: string) => `${purpose}-otp-${email}`;

/**
 * Emails a new code to a lowercased, valid address, or sends nothing when nobody may use it there:
 * a verification or reset code only goes to an account, a sign-in code also to an address that
 * could sign up. The message is queued and never awaited, and an address that gets nothing costs
 * about as much, so neither the answer nor its time tells whether the address has an account
 * (docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference,
 * D3). For the same reason the mail budget refuses aloud (429) only where every address is mailed
 * alike; elsewhere a spent budget drops the message silently.
 */
export async function sendCode(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedEmailOtp,
  purpose: EmailCodePurpose,
  email: string,
): Promise<{ userId: string | undefined }> {
  const row = await findUserByEmail(auth.db, email);
  const userId = row ? String(row.id) : undefined;
  const toAnyAddress = purpose === 'sign-in' && (await signUpRefusal(auth, email)) === null;
  if (!row && !toAnyAddress) {
    await deleteVerification(auth.db, codeId(purpose, email));
    return { userId };
  }
  const cause = await causeOf(request);
  const paid = toAnyAddress ? await spendOrRefuse(auth, email, cause) : cause;
  const code = newCode();
  const now = auth.options.now();
  await storeCode(auth.db, codeId(purpose, email), code, new Date(now + config.expiresIn * 1000), now);
  const message = emailCodeEmail({
    to: email,
    code,
    purpose,
    minutes: Math.max(1, Math.floor(config.expiresIn / 60)),
    language: emailLanguage(request),
  });
  void sendMail(auth, message, paid).catch(
    logFailedSend(auth, `Could not send a ${purpose} code`, request.log),
  );
  return { userId };
}

/** Checks a typed code of one purpose (`user/one-time-code.ts`); `keep` leaves a right one usable. */
export function checkEmailCode(
  auth: AuthContext,
  purpose: EmailCodePurpose,
  email: string,
  code: string,
  options: { keep?: boolean; db?: AuthContext['db'] } = {},
) {
  return checkCode(options.db ?? auth.db, codeId(purpose, email), code, auth.options.now(), options);
}
