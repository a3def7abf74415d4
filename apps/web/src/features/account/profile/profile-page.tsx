import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AvatarUploadCard } from './avatar-upload-card.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { EmailCard } from './email-card.tsx';
import { ProfileForm } from './profile-form.tsx';

export function ProfilePage() {
  const { data } = useSession();
  if (!data) return null;
  return (
    <div className="space-y-6">
      <title>Profile · Gatehouse</title>
      <h1 className="text-2xl font-semibold">Profile</h1>
      <EmailChangeNotice />
      <AvatarUploadCard user={data.user} />
      <ProfileForm user={data.user} />
      <EmailCard user={data.user}>
        <ChangeEmailForm user={data.user} />
      </EmailCard>
    </div>
  );
}

/** After an email-change link: `?emailChanged=1`, with `&error=CODE` when the link failed. */
function EmailChangeNotice() {
  const [params] = useSearchParams();
  if (params.get('emailChanged') !== '1') return null;
  const code = params.get('error');
  if (code) {
    const message = errorMessage(new GatehouseError(400, code, 'The link could not be used.'));
    return <Alert tone="error">The email change did not go through. {message}</Alert>;
  }
  return (
    <Alert tone="success">
      Link confirmed. If it was the confirmation sent to your current address, we have now emailed a link to
      your new address: open it to finish. Once you have, the new address shows below.
    </Alert>
  );
}
