import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** A verification link that did not work, and the way to get a new one. */
export function VerifyFailure({ error, email }: { error: unknown; email: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.verify.failedTitle')}>
      <div className="space-y-4">
        <Alert tone="error">{errorMessage(error, t)}</Alert>
        <p className="text-sm text-muted-foreground">{t('auth.verify.askNew')}</p>
        <ResendVerificationForm email={email} />
      </div>
    </AuthCard>
  );
}
