import { useSession } from '@gatehouse/client/react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../shared/auth-card.tsx';

/** The way on: to the account, through sign-in when verifying did not sign the person in. */
export function VerifySuccess() {
  const { data } = useSession();
  return (
    <AuthCard title="Email verified">
      <div className="space-y-4">
        <Alert tone="success">Your email address is verified. Thank you!</Alert>
        <LinkButton
          to={data ? paths.account : `${paths.signIn}?next=${encodeURIComponent(paths.account)}`}
          className="w-full"
        >
          {data ? 'Continue to your account' : 'Sign in to your account'}
        </LinkButton>
      </div>
    </AuthCard>
  );
}
