import type { AuthContext } from '../../context.ts';
import { deliverOrFail } from '../../email/deliver.ts';
import { organizationInvitationEmail } from '../../email/templates.ts';

/** Mails an invitation when a mailer is configured; a transport failure answers 502. */
export async function sendInvitationEmail(
  auth: AuthContext,
  invitation: { id: string; email: string; role: string | null },
  inviter: { name: string; email: string },
  organizationName: string,
): Promise<void> {
  const { mailer } = auth.options;
  if (!mailer) return;
  const message = organizationInvitationEmail({
    to: invitation.email,
    name: '',
    url: auth.options.organization!.invitationLink(invitation.id),
    inviterName: inviter.name || inviter.email,
    organizationName,
    role: invitation.role ?? 'member',
  });
  await deliverOrFail(mailer.send(message));
}
