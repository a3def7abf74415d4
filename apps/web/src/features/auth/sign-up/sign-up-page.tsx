import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { useSignUpPolicy } from '../shared/sign-up-policy.ts';
import { useNextPath } from '../shared/use-next-path.ts';
import { SocialButtons } from '../social/social-buttons.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export function SignUpPage() {
  const next = useNextPath();
  const policy = useSignUpPolicy();
  const signIn = next ? `${paths.signIn}?next=${encodeURIComponent(next)}` : paths.signIn;
  if (policy === 'closed') {
    return (
      <AuthCard title="Sign-up is closed" description="This server does not create new accounts.">
        <p className="mb-4 text-sm text-muted-foreground">
          If you already have an account, sign in. Otherwise, ask the people who run this server to create one
          for you.
        </p>
        <LinkButton to={signIn} className="w-full">
          Sign in
        </LinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your account"
      description="One account for every app that signs in with Gatehouse."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={signIn} className="font-medium text-foreground underline underline-offset-4">
            Sign in
          </Link>
        </p>
      }
    >
      {policy === 'invite-only' && (
        <Alert tone="info" className="mb-4">
          Sign-up is by invitation only: use the email address your invitation was sent to.
        </Alert>
      )}
      <SignUpForm />
      <SocialButtons next={next} />
    </AuthCard>
  );
}
