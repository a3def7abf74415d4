import type { SignUpPolicy } from '@gatehouse/client';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sameSitePath } from '../../../lib/same-site-path.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { useSignUpPolicy } from '../shared/sign-up-policy.ts';
import { SocialButtons } from '../social/social-buttons.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';

export function SignInPage() {
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = sameSitePath(rawNext);
  const policy = useSignUpPolicy();
  // The guard sends a signed-in person to `next`; one that leads off the site is dropped first.
  if (rawNext !== null && next === null) return <Navigate to={paths.signIn} replace />;
  const signUp = next ? `${paths.signUp}?next=${encodeURIComponent(next)}` : paths.signUp;
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in with your email and password."
      footer={<SignUpInvite policy={policy} to={signUp} />}
    >
      <SignInForm />
      <PasskeySignIn />
      <SocialButtons next={next} />
    </AuthCard>
  );
}

/** The way to a new account, worded for the server's sign-up policy. */
function SignUpInvite({ policy, to }: { policy: SignUpPolicy; to: string }) {
  if (policy === 'closed') return <p>This server does not create new accounts.</p>;
  return (
    <p>
      {policy === 'invite-only' ? 'Invited to an organization?' : 'No account yet?'}{' '}
      <Link to={to} className="font-medium text-foreground underline underline-offset-4">
        {policy === 'invite-only' ? 'Create your account' : 'Create one'}
      </Link>
    </p>
  );
}
