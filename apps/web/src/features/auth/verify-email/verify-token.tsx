import { useSession } from '@gatehouse/client/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { VerifyFailure } from './verify-failure.tsx';
import { VerifySuccess } from './verify-success.tsx';

/** A link that points at this page with `?token=`: verify it here, once. */
export function VerifyToken({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const { refetch } = useSession();
  const { mutate, isSuccess, isError, error } = useMutation({
    mutationFn: () => authClient.verifyEmail({ token }),
    // Verifying may sign the person in or refresh their session cookie.
    onSuccess: () => refetch(),
  });
  // A token works once: the ref keeps StrictMode's second effect run from spending it again.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (isSuccess) return <VerifySuccess />;
  if (isError) return <VerifyFailure error={error} email={email} />;
  return (
    <AuthCard title={t('auth.verify.checkingTitle')}>
      <Spinner label={t('auth.verify.checking')} />
    </AuthCard>
  );
}
