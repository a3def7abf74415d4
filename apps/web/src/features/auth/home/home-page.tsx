import { useSession } from '@gatehouse/client/react';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';

/** `/`: what Gatehouse is, and the way in (or back to the account). */
export function HomePage() {
  const { data, isPending } = useSession();
  return (
    <div className="mx-auto w-full max-w-md space-y-6 py-8 text-center sm:py-16">
      <title>Gatehouse</title>
      <div className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your accounts, at your gate</h1>
        <p className="text-muted-foreground">
          Gatehouse keeps your sign-in, your sessions and your account settings on a server you run yourself.
        </p>
      </div>
      {isPending && !data ? (
        <div className="flex justify-center">
          <Spinner />
        </div>
      ) : data ? (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Signed in as <strong className="break-all text-foreground">{data.user.email}</strong>.
          </p>
          <LinkButton to={paths.account}>Go to your account</LinkButton>
        </div>
      ) : (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to={paths.signIn}>Sign in</LinkButton>
          <LinkButton to={paths.signUp} variant="secondary">
            Create an account
          </LinkButton>
        </div>
      )}
    </div>
  );
}
