import { RichText } from '../../../components/rich-text.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** After sign-up (or a refused sign-in): the link is in the inbox; here it can be sent again. */
export function VerifyPending({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.verify.inboxTitle')}
      description={
        email ? (
          <RichText
            text={t('auth.verify.sentTo')}
            values={{ email: <strong className="break-all text-foreground">{email}</strong> }}
          />
        ) : (
          t('auth.verify.askAddress')
        )
      }
    >
      {email && <p className="mb-4 text-sm text-muted-foreground">{t('auth.verify.nothingArrived')}</p>}
      <ResendVerificationForm email={email} />
    </AuthCard>
  );
}
