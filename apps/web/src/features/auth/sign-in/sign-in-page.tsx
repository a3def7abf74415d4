import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sameSitePath } from '../../../lib/same-site-path.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { SocialButtons } from '../social/social-buttons.tsx';
import { SignInForm } from './sign-in-form.tsx';

export function SignInPage() {
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = sameSitePath(rawNext);
  // The guard sends a signed-in person to `next`; one that leads off the site is dropped first.
  if (rawNext !== null && next === null) return <Navigate to={paths.signIn} replace />;
  const signUp = next ? `${paths.signUp}?next=${encodeURIComponent(next)}` : paths.signUp;
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in with your email and password."
      footer={
        <p>
          No account yet?{' '}
          <Link to={signUp} className="font-medium text-foreground underline underline-offset-4">
            Create one
          </Link>
        </p>
      }
    >
      <SignInForm />
      <SocialButtons next={next} />
    </AuthCard>
  );
}
