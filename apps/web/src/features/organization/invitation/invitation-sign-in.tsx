import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { useSignUpPolicy } from '../../../lib/sign-up-policy.ts';
import { invitationPreviewQueryOptions } from './invitation-query.ts';
import { InvitationUnavailable } from './invitation-unavailable.tsx';

/**
 * A signed-out recipient sees who invites which address to what, then signs in or creates an
 * account with that address (filled in for them) and comes back here to accept; an emailed
 * verification link brings them back too. A server closed to new accounts offers signing in only.
 */
export function InvitationSignIn({ invitationId, back }: { invitationId: string; back: string }) {
  const { t } = useTranslation();
  const preview = useQuery(invitationPreviewQueryOptions(invitationId));
  const closed = useSignUpPolicy() === 'closed';
  if (preview.isPending) return <Spinner label={t('invite.loading')} />;
  if (preview.isError) {
    return (
      <InvitationUnavailable error={preview.error} description={t('invite.signIn.unavailable')}>
        <LinkButton to={`${paths.signIn}?next=${encodeURIComponent(back)}`} variant="secondary">
          {t('invite.signIn.signIn')}
        </LinkButton>
      </InvitationUnavailable>
    );
  }
  const invitation = preview.data;
  const onward = `?next=${encodeURIComponent(back)}&email=${encodeURIComponent(invitation.email)}`;
  return (
    <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
      <CardHeader>
        <div className="mb-3 flex items-center gap-3">
          <Avatar src={invitation.organizationLogo} name={invitation.organizationName} />
          <CardTitle as="h1" id="invite-title">
            {t('invite.join', { name: invitation.organizationName })}
          </CardTitle>
        </div>
        <CardDescription>
          {/* The address stands out in the sentence, wherever the language puts it. */}
          {withElements(
            t('invite.signIn.details', {
              inviter: invitation.inviterName ?? t('invite.signIn.someone'),
              name: invitation.organizationName,
              role: roleLabel(invitation.role, t),
            }),
            { email: <strong className="break-all text-foreground">{invitation.email}</strong> },
          )}
        </CardDescription>
      </CardHeader>
      <p className="mb-4 text-sm text-muted-foreground">
        {t(closed ? 'invite.signIn.explainClosed' : 'invite.signIn.explain')}
      </p>
      <div className="flex flex-wrap gap-2">
        {!closed && (
          <LinkButton to={`${paths.signUp}${onward}`}>{t('invite.signIn.createAccount')}</LinkButton>
        )}
        <LinkButton to={`${paths.signIn}${onward}`} variant={closed ? 'primary' : 'secondary'}>
          {t('invite.signIn.signIn')}
        </LinkButton>
      </div>
    </Card>
  );
}
