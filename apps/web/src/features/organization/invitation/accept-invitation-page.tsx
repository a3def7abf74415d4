import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { invitationQueryOptions } from './invitation-query.ts';
import { InvitationSignIn } from './invitation-sign-in.tsx';
import { InvitationUnavailable } from './invitation-unavailable.tsx';

/**
 * The page an invitation email links to. Signed out: sign in or sign up first, then back here.
 * Signed in: who invited you to what, with Accept (then into the organization) and Decline.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { invitationId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const { data: session, isPending: sessionPending } = useSession();
  const userId = session?.user.id ?? null;
  const invitation = useQuery(invitationQueryOptions(invitationId, userId));
  const [declined, setDeclined] = useState(false);

  const accept = useMutation({
    mutationFn: async () => {
      const { member } = await authClient.organizationAcceptInvitation({ invitationId });
      // Accepting makes it active in storage; set-active also refreshes a cached session cookie.
      await authClient.organizationSetActive({ organizationId: member.organizationId });
    },
    onSuccess: async () => {
      const name = invitation.data?.organizationName;
      toast.success(name ? t('invite.accept.welcome', { name }) : t('invite.accept.welcomeUnnamed'));
      await orgChanged({ session: true });
      await navigate(orgPaths.members, { replace: true });
    },
  });
  const reject = useMutation({
    mutationFn: () => authClient.organizationRejectInvitation({ invitationId }),
    onSuccess: () => setDeclined(true),
  });
  const signOut = useMutation({ mutationFn: () => authClient.signOut() });

  if (sessionPending && !session) return <Spinner />;
  if (!session)
    return <InvitationSignIn invitationId={invitationId} back={`${location.pathname}${location.search}`} />;
  if (declined) {
    return (
      <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
        <CardHeader>
          <CardTitle as="h1" id="invite-title">
            {t('invite.accept.declinedTitle')}
          </CardTitle>
          <CardDescription>
            {invitation.data
              ? t('invite.accept.declined', { name: invitation.data.organizationName })
              : t('invite.accept.declinedUnnamed')}
          </CardDescription>
        </CardHeader>
        <LinkButton to={paths.account} variant="secondary">
          {t('invite.accept.toAccount')}
        </LinkButton>
      </Card>
    );
  }
  if (invitation.isPending) return <Spinner label={t('invite.loading')} />;
  if (invitation.isError) {
    return (
      <InvitationUnavailable
        error={invitation.error}
        description={t('invite.accept.signedInAs', { email: session.user.email })}
      >
        <LinkButton to={paths.account} variant="secondary">
          {t('invite.accept.toAccount')}
        </LinkButton>
        <Button variant="secondary" pending={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('invite.accept.signOut')}
        </Button>
      </InvitationUnavailable>
    );
  }

  const details = invitation.data;
  const busy = accept.isPending || reject.isPending;
  const error = accept.error ?? reject.error;
  return (
    <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle as="h1" id="invite-title">
          {t('invite.join', { name: details.organizationName })}
        </CardTitle>
        <CardDescription>
          {t('invite.accept.details', {
            inviter: details.inviterEmail,
            email: details.email,
            name: details.organizationName,
            role: roleLabel(details.role, t),
          })}
        </CardDescription>
      </CardHeader>
      {error && (
        <Alert tone="error" className="mb-4">
          {orgErrorMessage(error, t)}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button pending={accept.isPending} disabled={busy} onClick={() => accept.mutate()}>
          {t('invite.accept.accept')}
        </Button>
        <Button
          variant="secondary"
          pending={reject.isPending}
          disabled={busy}
          onClick={() => reject.mutate()}
        >
          {t('invite.accept.decline')}
        </Button>
      </div>
    </Card>
  );
}
