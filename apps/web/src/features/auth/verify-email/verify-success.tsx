import { useSession } from '@gatehouse/client/react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { useNextPath } from '../shared/use-next-path.ts';

/**
 * The way on: where the person was going when they signed up (an invitation, say), else the
 * account; through sign-in when verifying did not sign them in.
 */
export function VerifySuccess() {
  const { t } = useTranslation();
  const { data } = useSession();
  const next = useNextPath();
  const destination = next ?? paths.account;
  const label = t(next ? 'auth.verify.continue' : 'auth.verify.toAccount');
  return (
    <AuthCard title={t('auth.verify.doneTitle')}>
      <div className="space-y-4">
        <Alert tone="success">{t('auth.verify.done')}</Alert>
        <LinkButton
          to={data ? destination : `${paths.signIn}?next=${encodeURIComponent(destination)}`}
          className="w-full"
        >
          {data ? label : t(next ? 'auth.verify.signInToContinue' : 'auth.verify.signInToAccount')}
        </LinkButton>
      </div>
    </AuthCard>
  );
}
