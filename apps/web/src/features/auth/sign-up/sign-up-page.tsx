import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { useSignUpPolicy } from '../../../lib/sign-up-policy.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { useNextPath } from '../shared/use-next-path.ts';
import { SocialButtons } from '../social/social-buttons.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export function SignUpPage() {
  const { t } = useTranslation();
  const next = useNextPath();
  const policy = useSignUpPolicy();
  const signIn = next ? `${paths.signIn}?next=${encodeURIComponent(next)}` : paths.signIn;
  if (policy === 'closed') {
    return (
      <AuthCard title={t('auth.signUp.closedTitle')} description={t('auth.signIn.closed')}>
        <p className="mb-4 text-sm text-muted-foreground">{t('auth.signUp.closedExplain')}</p>
        <LinkButton to={signIn} className="w-full">
          {t('auth.signIn')}
        </LinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.signUp.title')}
      description={t('auth.signUp.description')}
      footer={
        <p>
          {t('auth.signUp.haveAccount')}{' '}
          <Link to={signIn} className="font-medium text-foreground underline underline-offset-4">
            {t('auth.signIn')}
          </Link>
        </p>
      }
    >
      {policy === 'invite-only' && (
        <Alert tone="info" className="mb-4">
          {t('auth.signUp.inviteOnly')}
        </Alert>
      )}
      <SignUpForm />
      <SocialButtons next={next} />
    </AuthCard>
  );
}
