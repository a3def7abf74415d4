import type { Invitation } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { roleLabel } from '../shared/role-label.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The invitation page's full address, as in the email: to hand over another way. */
const invitationLink = (invitationId: string) =>
  new URL(generatePath(orgPaths.acceptInvitation, { invitationId }), window.location.origin).href;

async function copyLink(invitation: Invitation) {
  const link = invitationLink(invitation.id);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(`Copied the invitation link for ${invitation.email}.`);
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toast.message('Copy the invitation link:', { description: link, duration: 30_000 });
  }
}

/** One pending invitation: copy its link, and resend and cancel for those whose role allows them. */
export function InvitationRow({
  invitation,
  canResend,
  canCancel,
}: {
  invitation: Invitation;
  canResend: boolean;
  canCancel: boolean;
}) {
  const orgChanged = useOrgChanged();
  const expired = new Date(invitation.expiresAt).getTime() < Date.now();
  const resend = useMutation({
    mutationFn: () =>
      authClient.organizationInviteMember({
        email: invitation.email,
        role: invitation.role,
        organizationId: invitation.organizationId,
        resend: true,
      }),
    onSuccess: async () => {
      toast.success(`Sent the invitation to ${invitation.email} again.`);
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });
  const cancel = useMutation({
    mutationFn: () => authClient.organizationCancelInvitation({ invitationId: invitation.id }),
    onSuccess: async () => {
      toast.success(`Canceled the invitation to ${invitation.email}.`);
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error)),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div>
        <div className="font-medium">{invitation.email}</div>
        <div className="text-xs text-muted-foreground">
          {roleLabel(invitation.role)} · {expired ? 'expired' : 'expires'}{' '}
          {dateTime.format(new Date(invitation.expiresAt))}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void copyLink(invitation)}
          aria-label={`Copy link to the invitation for ${invitation.email}`}
        >
          Copy link
        </Button>
        {canResend && (
          <Button
            variant="secondary"
            pending={resend.isPending}
            disabled={cancel.isPending}
            onClick={() => resend.mutate()}
            aria-label={`Resend the invitation to ${invitation.email}`}
          >
            Resend
          </Button>
        )}
        {canCancel && (
          <Button
            variant="ghost"
            pending={cancel.isPending}
            disabled={resend.isPending}
            onClick={() => cancel.mutate()}
            aria-label={`Cancel the invitation to ${invitation.email}`}
          >
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}
