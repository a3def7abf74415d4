import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { InvitationRow } from './invitation-row.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';

/**
 * Pending invitations: the server shows them only to roles that may invite
 * (docs/protocol/organization.md#invitation-visibility).
 */
export function InvitationsPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const canInvite = permissions.can('invitation', 'create');
  const pending = organization.invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <Card aria-labelledby="invitations-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="invitations-title">{t('invite.page.title')}</CardTitle>
          <CardDescription>
            {canInvite ? t('invite.page.explain') : t('invite.page.notAllowed')}
          </CardDescription>
        </div>
        {canInvite && <InviteMemberDialog />}
      </CardHeader>
      {canInvite &&
        (pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invite.page.none')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {pending.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                canResend={canInvite}
                canCancel={permissions.can('invitation', 'cancel')}
              />
            ))}
          </ul>
        ))}
    </Card>
  );
}
