import { useSession } from '@gatehouse/client/react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { TwoFactorForm } from '../../../components/two-factor-form.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { destinationOf, methodsFromState, type SecondFactor } from '../../../lib/two-factor.ts';
import { AuthCard } from '../shared/auth-card.tsx';

/** Without the sign-in's list (a social sign-in lands here), every kind of code is offered. */
const ALL_METHODS: SecondFactor[] = ['totp', 'otp'];

/**
 * `/sign-in/two-factor`: the second step after a password or a social sign-in. Once a code opens
 * the session, the person goes on to `callbackURL` (same site only) or their account.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: session } = useSession();
  if (session) return <Navigate to={destinationOf(params.get('callbackURL'))} replace />;
  const methods = methodsFromState(location.state) ?? ALL_METHODS;
  return (
    <AuthCard
      title={t('tf.step.title')}
      description={t('tf.step.description')}
      footer={
        <p>
          <Link to={paths.signIn} className="font-medium text-foreground underline underline-offset-4">
            {t('tf.step.back')}
          </Link>
        </p>
      }
    >
      <TwoFactorForm methods={methods} />
    </AuthCard>
  );
}
