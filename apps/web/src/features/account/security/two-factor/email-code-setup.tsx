import { useSession } from '@gatehouse/client/react';
import { useMutation } from '@tanstack/react-query';
import { ResumedNotice } from '../../../../components/resumed-notice.tsx';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { authClient } from '../../../../lib/auth-client.ts';
import { errorMessage } from '../../../../lib/error-messages.ts';
import { digitsOnly, useCodeEntry } from '../../../../lib/use-code-entry.ts';
import { CodeConfirmForm } from './code-confirm-form.tsx';

/**
 * Codes by email as the second factor: a first code sent to the account's address and typed back
 * turns it on, which proves the address receives them. The server wants a recent sign-in for it
 * (D8 in packages/core/src/features/two-factor/README.md); the app's client asks for one in
 * place, after which a new code is needed.
 */
export function EmailCodeSetup({
  onConfirmed,
  onCancel,
  resumed = false,
}: {
  onConfirmed: () => void;
  onCancel: () => void;
  /** Back from confirming it is them with a provider: say they may send the code now. */
  resumed?: boolean;
}) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const entry = useCodeEntry((code) => authClient.twoFactorVerifyOtp({ code }), {
    clean: digitsOnly,
    onSuccess: onConfirmed,
  });
  const send = useMutation({
    mutationFn: () => authClient.twoFactorSendOtp({}),
    onSuccess: () => entry.inputRef.current?.focus(),
  });

  return (
    <div className="space-y-4">
      {resumed && !send.isSuccess && <ResumedNotice />}
      <p className="text-sm">{t('security.tf.emailExplain', { email: session?.user.email ?? '' })}</p>
      {send.isError && <Alert tone="error">{errorMessage(send.error, t)}</Alert>}
      {send.isSuccess && <Alert tone="success">{t('tf.step.otpSent')}</Alert>}
      <Button
        type="button"
        variant={send.isSuccess ? 'secondary' : 'primary'}
        pending={send.isPending}
        onClick={() => send.mutate()}
      >
        {t(send.isSuccess ? 'tf.step.resendOtp' : 'tf.step.sendOtp')}
      </Button>
      <CodeConfirmForm
        entry={entry}
        label={t('tf.step.otpLabel')}
        canSubmit={send.isSuccess}
        onCancel={onCancel}
      />
    </div>
  );
}
