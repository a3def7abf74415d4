import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { AvatarUploadCard } from './avatar-upload-card.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { EmailCard } from './email-card.tsx';
import { ProfileForm } from './profile-form.tsx';
import { UsernameCard } from './username-card.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data } = useSession();
  const usernames = useQuery(productConfigQueryOptions()).data?.usernames === true;
  if (!data) return null;
  return (
    <div className="space-y-6">
      <title>{`${t('account.profile.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('account.profile.title')}</h1>
      <EmailChangeNotice />
      <AvatarUploadCard user={data.user} />
      <ProfileForm user={data.user} />
      {usernames && <UsernameCard user={data.user} />}
      <EmailCard user={data.user}>
        <ChangeEmailForm user={data.user} />
      </EmailCard>
    </div>
  );
}

/** After an email-change link: `?emailChanged=1`, with `&error=CODE` when the link failed. */
function EmailChangeNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get('emailChanged') !== '1') return null;
  const code = params.get('error');
  if (code) {
    const message = errorMessage(new GatehouseError(400, code, t('account.profile.linkUnusable')), t);
    return (
      <Alert tone="error">
        {t('account.profile.changeFailed')} {message}
      </Alert>
    );
  }
  return <Alert tone="success">{t('account.profile.linkConfirmed')}</Alert>;
}
