import type { Invitation } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Dates in the reader's language, as the words around them. */
const dateTimeIn = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

/** The invitation page's full address, as in the email: to hand over another way. */
const invitationLink = (invitationId: string) =>
  new URL(generatePath(orgPaths.acceptInvitation, { invitationId }), window.location.origin).href;

async function copyLink(invitation: Invitation, t: Translate) {
  const link = invitationLink(invitation.id);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(t('invite.row.copied', { email: invitation.email }));
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toast.message(t('invite.row.copyByHand'), { description: link, duration: 30_000 });
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
  const { t, language } = useTranslation();
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
      toast.success(t('invite.row.resent', { email: invitation.email }));
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error, t)),
  });
  const cancel = useMutation({
    mutationFn: () => authClient.organizationCancelInvitation({ invitationId: invitation.id }),
    onSuccess: async () => {
      toast.success(t('invite.row.canceled', { email: invitation.email }));
      await orgChanged();
    },
    onError: (error) => toast.error(orgErrorMessage(error, t)),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div>
        <div className="font-medium">{invitation.email}</div>
        <div className="text-xs text-muted-foreground">
          {t(expired ? 'invite.row.expired' : 'invite.row.expires', {
            role: roleLabel(invitation.role, t),
            date: dateTimeIn(language).format(new Date(invitation.expiresAt)),
          })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void copyLink(invitation, t)}
          aria-label={t('invite.row.copyLabel', { email: invitation.email })}
        >
          {t('invite.row.copy')}
        </Button>
        {canResend && (
          <Button
            variant="secondary"
            pending={resend.isPending}
            disabled={cancel.isPending}
            onClick={() => resend.mutate()}
            aria-label={t('invite.row.resendLabel', { email: invitation.email })}
          >
            {t('invite.row.resend')}
          </Button>
        )}
        {canCancel && (
          <Button
            variant="ghost"
            pending={cancel.isPending}
            disabled={resend.isPending}
            onClick={() => cancel.mutate()}
            aria-label={t('invite.row.cancelLabel', { email: invitation.email })}
          >
            {t('invite.row.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}
