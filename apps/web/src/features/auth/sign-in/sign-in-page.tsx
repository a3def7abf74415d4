import type { SignUpPolicy } from '@gatehouse/client';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { sameSitePath } from '../../../lib/same-site-path.ts';
import { useSignUpPolicy } from '../../../lib/sign-up-policy.ts';
import { useEmailedWays } from '../email-sign-in/email-sign-in-page.tsx';
import { AuthCard } from '../shared/auth-card.tsx';
import { SocialButtons } from '../social/social-buttons.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = sameSitePath(rawNext);
  const policy = useSignUpPolicy();
  const emailed = useEmailedWays().length > 0;
  // The guard sends a signed-in person to `next`; one that leads off the site is dropped first.
  if (rawNext !== null && next === null) return <Navigate to={paths.signIn} replace />;
  const signUp = next ? `${paths.signUp}?next=${encodeURIComponent(next)}` : paths.signUp;
  return (
    <AuthCard
      title={t('auth.signIn')}
      description={t('auth.signIn.description')}
      footer={<SignUpInvite policy={policy} to={signUp} />}
    >
      <SignInForm />
      {emailed && (
        <p className="mt-4 text-center text-sm">
          <Link
            to={next ? `${paths.signInByEmail}?next=${encodeURIComponent(next)}` : paths.signInByEmail}
            className="underline underline-offset-4"
          >
            {t('passwordless.offer')}
          </Link>
        </p>
      )}
      <PasskeySignIn />
      <SocialButtons next={next} />
    </AuthCard>
  );
}

/** The way to a new account, worded for the server's sign-up policy. */
function SignUpInvite({ policy, to }: { policy: SignUpPolicy; to: string }) {
  const { t } = useTranslation();
  if (policy === 'closed') return <p>{t('auth.signIn.closed')}</p>;
  return (
    <p>
      {t(policy === 'invite-only' ? 'auth.signIn.invited' : 'auth.signIn.noAccount')}{' '}
      <Link to={to} className="font-medium text-foreground underline underline-offset-4">
        {t(policy === 'invite-only' ? 'auth.signIn.createYours' : 'auth.signIn.createOne')}
      </Link>
    </p>
  );
}
