import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sameSitePath } from '../../../lib/same-site-path.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { SocialButtons } from '../social/social-buttons.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export function SignUpPage() {
  const [params] = useSearchParams();
  const next = sameSitePath(params.get('next'));
  const signIn = next ? `${paths.signIn}?next=${encodeURIComponent(next)}` : paths.signIn;
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
      <SignUpForm />
      <SocialButtons next={next} />
    </AuthCard>
  );
}
