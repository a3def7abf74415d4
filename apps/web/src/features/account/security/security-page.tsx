import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { RequirementNotice } from '../../organization/two-factor-policy/requirement-notice.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PasskeysCard } from './passkeys/passkeys-card.tsx';
import { TwoFactorCard } from './two-factor/two-factor-card.tsx';

export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <title>{`${t('account.security.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('account.security.title')}</h1>
      <RequirementNotice />
      <Card aria-labelledby="change-password-title">
        <CardHeader>
          <CardTitle id="change-password-title">{t('account.password.title')}</CardTitle>
          <CardDescription>{t('account.password.explain')}</CardDescription>
        </CardHeader>
        <ChangePasswordForm />
      </Card>
      <TwoFactorCard />
      <PasskeysCard />
    </div>
  );
}
