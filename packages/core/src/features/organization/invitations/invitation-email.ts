import type { AuthContext } from '../../../context.ts';
import { deliverOrFail, sendMail } from '../../../email/deliver.ts';
import type { EmailLanguage } from '../../../email/language.ts';
import { organizationInvitationEmail } from '../../../email/templates.ts';
import type { LogContext } from '../../../log-context.ts';
import type { ResolvedOrganization } from '../organization-config.ts';

/**
 * What an invitation email says besides the invitation: who sent it, for which organization, in
 * the inviter's language (the invitee has sent no request to read one from; docs/email.md#languages).
 */
export interface InvitationMail {
  /** The inviting account, whose mail budget the message spends with the invitee's. */
  inviter: { id: string; name: string; email: string };
  organizationName: string;
  language: EmailLanguage;
  /** The inviting request, named in the host's log lines about the message. */
  log: LogContext;
}

/**
 * Mails an invitation when a mailer is configured; a spent budget answers 429 (email/README.md), a
 * transport failure 502.
 */
export async function sendInvitationEmail(
  auth: AuthContext,
  options: ResolvedOrganization,
  invitation: { id: string; email: string; role: string | null },
  { inviter, organizationName, language, log }: InvitationMail,
): Promise<void> {
  if (!auth.options.mailer) return;
  const message = organizationInvitationEmail({
    to: invitation.email,
    name: '',
    url: options.invitationLink(invitation.id),
    inviterName: inviter.name || inviter.email,
    organizationName,
    role: invitation.role ?? 'member',
    language,
  });
  await deliverOrFail(sendMail(auth, message, { sender: inviter.id, log }));
}
