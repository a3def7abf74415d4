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
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { roleLabel } from '../shared/role-label.ts';
import { invitationQueryOptions } from './invitation-query.ts';
import { InvitationSignIn } from './invitation-sign-in.tsx';
import { InvitationUnavailable } from './invitation-unavailable.tsx';

/**
 * The page an invitation email links to. Signed out: sign in or sign up first, then back here.
 * Signed in: who invited you to what, with Accept (then into the organization) and Decline.
 */
export function AcceptInvitationPage() {
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
      toast.success(`Welcome to ${invitation.data?.organizationName ?? 'the organization'}.`);
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
            Invitation declined
          </CardTitle>
          <CardDescription>
            You declined to join {invitation.data?.organizationName ?? 'the organization'}.
          </CardDescription>
        </CardHeader>
        <LinkButton to={paths.account} variant="secondary">
          Go to your account
        </LinkButton>
      </Card>
    );
  }
  if (invitation.isPending) return <Spinner label="Loading the invitation…" />;
  if (invitation.isError) {
    return (
      <InvitationUnavailable
        error={invitation.error}
        description={`You are signed in as ${session.user.email}.`}
      >
        <LinkButton to={paths.account} variant="secondary">
          Go to your account
        </LinkButton>
        <Button variant="secondary" pending={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
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
          Join {details.organizationName}
        </CardTitle>
        <CardDescription>
          {details.inviterEmail} invited you ({details.email}) to join {details.organizationName} as{' '}
          {roleLabel(details.role)}.
        </CardDescription>
      </CardHeader>
      {error && (
        <Alert tone="error" className="mb-4">
          {orgErrorMessage(error)}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button pending={accept.isPending} disabled={busy} onClick={() => accept.mutate()}>
          Accept invitation
        </Button>
        <Button
          variant="secondary"
          pending={reject.isPending}
          disabled={busy}
          onClick={() => reject.mutate()}
        >
          Decline
        </Button>
      </div>
    </Card>
  );
}
