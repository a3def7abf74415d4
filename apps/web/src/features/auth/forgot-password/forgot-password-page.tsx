import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new one."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.signIn} className="font-medium text-foreground underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
