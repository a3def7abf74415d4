import { GatehouseError } from '@gatehouse/client';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { InvalidResetLink } from './invalid-reset-link.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** `/reset-password`: the API's reset link lands here with `?token=…` or `?error=INVALID_TOKEN`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const code = params.get('error');
  if (!token || code) {
    const error = new GatehouseError(0, code ?? 'INVALID_TOKEN', 'This link does not work.');
    return (
      <AuthCard title="This link does not work">
        <InvalidResetLink message={errorMessage(error)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" description="After the change, sign in with the new password.">
      <ResetPasswordForm key={token} token={token} />
    </AuthCard>
  );
}
