import type { AuthContext } from '../context.ts';
import { signToken } from '../crypto/signed-token.ts';
import { sendMail } from '../email/deliver.ts';
import { emailLanguage } from '../email/language.ts';
import { causeOf } from '../email/mail-budget.ts';
import { verificationEmail } from '../email/templates.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { User } from './user.ts';

/**
 * Why a verification link was made: plain verification, or a step of an email change
 * (docs/protocol/core.md#email-verification).
 */
export type VerificationPurpose =
  | { kind: 'verify' }
  | { kind: 'change-email-confirmation'; newEmail: string }
  | { kind: 'change-email-verification'; newEmail: string };

/** `{origin}{basePath}`: the prefix of every link the engine emails. */
export const apiBase = (auth: AuthContext): string => `${auth.options.origin}${auth.options.basePath}`;

/**
 * The signed token of a verification link: stateless, so nothing is stored; it is valid until it
 * expires (docs/protocol/core.md#signed-tokens: HS256, default 3600 s). Change-email tokens name the new
 * address.
 */
export function verificationToken(
  auth: AuthContext,
  user: User,
  purpose: VerificationPurpose,
): Promise<string> {
  const claims: Record<string, unknown> = { email: user.email.toLowerCase(), userId: user.id };
  if (purpose.kind !== 'verify') {
    claims.updateTo = purpose.newEmail.toLowerCase();
    claims.requestType = purpose.kind;
  }
  return signToken(auth.options.secret, claims, auth.options.now(), auth.options.emailVerification.expiresIn);
}

/**
 * The emailed verification link: verified by the engine, then on to `callbackURL`, or, when the
 * client named none, to the landing page configured for the kind of message (`emailLinks`).
 */
export function verificationLink(
  auth: AuthContext,
  token: string,
  callbackURL: string | undefined,
  kind: 'verify' | 'change-email' = 'verify',
): string {
  const { verifyEmail, changeEmail } = auth.options.emailLinks;
  const landing = callbackURL || (kind === 'verify' ? verifyEmail : changeEmail) || '/';
  return `${apiBase(auth)}/verify-email?token=${token}&callbackURL=${encodeURIComponent(landing)}`;
}

/**
 * Emails a verification link to `to` (the user's address, or the new one during an email change),
 * in the language `request` asks for. Rejects when the mailer fails or the mail budget is spent
 * (`sendMail`); the caller decides whether the client hears of it.
 */
export async function sendVerificationEmail(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  callbackURL: string | undefined,
  purpose: VerificationPurpose = { kind: 'verify' },
  to: string = user.email,
): Promise<void> {
  if (!auth.options.mailer) return;
  const token = await verificationToken(auth, user, purpose);
  const message = verificationEmail({
    to,
    name: user.name,
    language: emailLanguage(request),
    url: verificationLink(auth, token, callbackURL, purpose.kind === 'verify' ? 'verify' : 'change-email'),
  });
  await sendMail(auth, message, await causeOf(request));
}
