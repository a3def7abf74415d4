import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { roleLabel } from '../shared/role-label.ts';
import { invitationPreviewQueryOptions } from './invitation-query.ts';
import { InvitationUnavailable } from './invitation-unavailable.tsx';

/**
 * A signed-out recipient sees who invites which address to what, then signs in or creates an
 * account with that address (filled in for them) and comes back here to accept; an emailed
 * verification link brings them back too.
 */
export function InvitationSignIn({ invitationId, back }: { invitationId: string; back: string }) {
  const preview = useQuery(invitationPreviewQueryOptions(invitationId));
  if (preview.isPending) return <Spinner label="Loading the invitation…" />;
  if (preview.isError) {
    return (
      <InvitationUnavailable
        error={preview.error}
        description="It may have expired, been cancelled, or been answered already."
      >
        <LinkButton to={`${paths.signIn}?next=${encodeURIComponent(back)}`} variant="secondary">
          Sign in
        </LinkButton>
      </InvitationUnavailable>
    );
  }
  const invitation = preview.data;
  const onward = `?next=${encodeURIComponent(back)}&email=${encodeURIComponent(invitation.email)}`;
  const who = invitation.inviterName ?? 'Someone';
  return (
    <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
      <CardHeader>
        <div className="mb-3 flex items-center gap-3">
          <Avatar src={invitation.organizationLogo} name={invitation.organizationName} />
          <CardTitle as="h1" id="invite-title">
            Join {invitation.organizationName}
          </CardTitle>
        </div>
        <CardDescription>
          {who} invited <strong className="break-all text-foreground">{invitation.email}</strong> to join{' '}
          {invitation.organizationName} as {roleLabel(invitation.role)}.
        </CardDescription>
      </CardHeader>
      <p className="mb-4 text-sm text-muted-foreground">
        Create an account with this address, or sign in if you already have one. You come back here to accept.
      </p>
      <div className="flex flex-wrap gap-2">
        <LinkButton to={`${paths.signUp}${onward}`}>Create account</LinkButton>
        <LinkButton to={`${paths.signIn}${onward}`} variant="secondary">
          Sign in
        </LinkButton>
      </div>
    </Card>
  );
}
