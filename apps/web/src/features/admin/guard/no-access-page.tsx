import { useSession } from '@gatehouse/client/react';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';

/** What a signed-in person without admin rights sees at an admin address. */
export function NoAccessPage() {
  const { data } = useSession();
  return (
    <div className="mx-auto max-w-md space-y-4 text-center">
      <title>No access · Gatehouse</title>
      <h1 className="text-2xl font-semibold">You don’t have access</h1>
      <p className="text-muted-foreground">
        This area is for administrators. You are signed in as{' '}
        <strong className="wrap-anywhere text-foreground">{data?.user.email}</strong>, which is not an admin
        account. If you think it should be, ask an administrator.
      </p>
      <LinkButton to={paths.account} variant="secondary">
        Go to your account
      </LinkButton>
    </div>
  );
}
