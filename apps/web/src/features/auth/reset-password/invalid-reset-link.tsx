import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';

/** A reset link that is missing, used or expired: the way out is a new one. */
export function InvalidResetLink({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert tone="error">{message}</Alert>
      <LinkButton to={paths.forgotPassword} variant="secondary" className="w-full">
        {t('auth.reset.askNew')}
      </LinkButton>
    </div>
  );
}
