import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';

/** A signed-out recipient signs in or creates an account first, then comes back to answer. */
export function InvitationSignIn({ back }: { back: string }) {
  const next = `?next=${encodeURIComponent(back)}`;
  return (
    <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle as="h1" id="invite-title">
          You have been invited
        </CardTitle>
        <CardDescription>
          Sign in, or create an account with the email address the invitation was sent to. You come back here
          to accept it.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-wrap gap-2">
        <LinkButton to={`${paths.signIn}${next}`}>Sign in</LinkButton>
        <LinkButton to={`${paths.signUp}${next}`} variant="secondary">
          Create account
        </LinkButton>
      </div>
    </Card>
  );
}
