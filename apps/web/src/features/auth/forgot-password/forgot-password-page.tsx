import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
      footer={
        <p>
          {t('auth.forgot.remembered')}{' '}
          <Link to={paths.signIn} className="font-medium text-foreground underline underline-offset-4">
            {t('auth.backToSignIn')}
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
