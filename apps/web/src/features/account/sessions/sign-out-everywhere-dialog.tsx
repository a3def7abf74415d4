import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * Ends every session, this one included. The session then disappears and the route guard takes
 * the person to sign-in; nothing here navigates.
 */
export function SignOutEverywhereDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revokeAll = useMutation({
    mutationFn: () => authClient.revokeSessions(),
    onSuccess: () => {
      queryClient.clear();
      toast.success(t('account.sessions.everywhereDone'));
    },
  });

  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">{t('account.sessions.everywhere')}</Button>}
      title={t('account.sessions.everywhereTitle')}
      description={t('account.sessions.everywhereExplain')}
      confirmLabel={t('account.sessions.everywhere')}
      action={revokeAll}
      errorMessage={(error) => errorMessage(error, t)}
    />
  );
}
