import type { AuthContext } from '../../context.ts';
import { deliverOrFail } from '../../email/deliver.ts';
import { organizationInvitationEmail } from '../../email/templates.ts';
import type { ResolvedOrganization } from './organization-config.ts';

/** What an invitation email says besides the invitation: who sent it, for which organization. */
export interface InvitationMail {
  inviter: { name: string; email: string };
  organizationName: string;
}

/** Mails an invitation when a mailer is configured; a transport failure answers 502. */
export async function sendInvitationEmail(
  auth: AuthContext,
  options: ResolvedOrganization,
  invitation: { id: string; email: string; role: string | null },
  { inviter, organizationName }: InvitationMail,
): Promise<void> {
  const { mailer } = auth.options;
  if (!mailer) return;
  const message = organizationInvitationEmail({
    to: invitation.email,
    name: '',
    url: options.invitationLink(invitation.id),
    inviterName: inviter.name || inviter.email,
    organizationName,
    role: invitation.role ?? 'member',
  });
  await deliverOrFail(mailer.send(message));
}
