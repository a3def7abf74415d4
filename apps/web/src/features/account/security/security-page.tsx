import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PasskeysCard } from './passkeys/passkeys-card.tsx';
import { TwoFactorCard } from './two-factor/two-factor-card.tsx';

/** `notice`: what another area has to say here (the app's router passes it in). */
export function SecurityPage({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <title>{`${t('account.security.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('account.security.title')}</h1>
      {notice}
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
