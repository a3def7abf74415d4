import { useSession } from '@gatehouse/client/react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { useNextPath } from '../shared/use-next-path.ts';

/**
 * The way on: where the person was going when they signed up (an invitation, say), else the
 * account; through sign-in when verifying did not sign them in.
 */
export function VerifySuccess() {
  const { data } = useSession();
  const next = useNextPath();
  const destination = next ?? paths.account;
  const label = next ? 'Continue' : 'Continue to your account';
  return (
    <AuthCard title="Email verified">
      <div className="space-y-4">
        <Alert tone="success">Your email address is verified. Thank you!</Alert>
        <LinkButton
          to={data ? destination : `${paths.signIn}?next=${encodeURIComponent(destination)}`}
          className="w-full"
        >
          {data ? label : next ? 'Sign in to continue' : 'Sign in to your account'}
        </LinkButton>
      </div>
    </AuthCard>
  );
}
