import { GatehouseError } from '@gatehouse/client';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/language.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { InvalidResetLink } from './invalid-reset-link.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** `/reset-password`: the API's reset link lands here with `?token=…` or `?error=INVALID_TOKEN`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const code = params.get('error');
  if (!token || code) {
    const error = new GatehouseError(0, code ?? 'INVALID_TOKEN', `${t('auth.reset.badLink')}.`);
    return (
      <AuthCard title={t('auth.reset.badLink')}>
        <InvalidResetLink message={errorMessage(error, t)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.reset.title')} description={t('auth.reset.description')}>
      <ResetPasswordForm key={token} token={token} />
    </AuthCard>
  );
}
