import { GatehouseError } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { CurrentPasswordField } from '../../../../components/current-password-field.tsx';
import { DialogForm, DialogNotice, FormActions, FormDialog } from '../../../../components/form-dialog.tsx';
import { ResumedNotice } from '../../../../components/resumed-notice.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { errorMessage } from '../../../../lib/error-messages.ts';
import { useResumedForm } from '../../../../lib/pending-reauth.ts';

interface PasswordDialogProps<Result> {
  trigger: ReactElement;
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  /**
   * Whether the account has a password to ask for. Without one the server wants a recent sign-in
   * instead (D7 in packages/core/src/features/two-factor/README.md), which the app's client asks
   * for in place when needed.
   */
  hasPassword: boolean;
  run: (password: string | undefined) => Promise<Result>;
  onDone: (result: Result) => void;
  /** Calls after whose confirmation with a provider the dialog opens again (lib/pending-reauth.ts). */
  resumes?: readonly string[];
}

/** Confirms a two-factor setting with the account's password, when it has one. */
export function PasswordDialog<Result>({
  trigger,
  title,
  description,
  submitLabel,
  destructive,
  hasPassword,
  run,
  onDone,
  resumes = [],
}: PasswordDialogProps<Result>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [resumed, setResumed] = useState(false);
  useResumedForm(resumes, () => {
    setResumed(true);
    setOpen(true);
  });
  const action = useMutation({
    mutationFn: () => run(hasPassword ? password : undefined),
    onSuccess: (result) => {
      setOpen(false);
      setPassword('');
      onDone(result);
    },
  });
  const wrongPassword =
    action.error instanceof GatehouseError &&
    (action.error.code === 'INVALID_PASSWORD' || action.error.code === 'PASSWORD_TOO_LONG');
  const error = action.isError && !wrongPassword ? errorMessage(action.error, t) : null;

  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      open={open}
      onOpenChange={(next) => {
        setResumed(false);
        setOpen(next);
      }}
      resets={[{ reset: () => setPassword('') }, action]}
    >
      {resumed && (
        <DialogNotice>
          <ResumedNotice />
        </DialogNotice>
      )}
      <DialogForm onSubmit={() => action.mutate()}>
        {hasPassword && (
          <CurrentPasswordField value={password} onChange={setPassword} wrong={wrongPassword} />
        )}
      </DialogForm>
      <FormActions
        error={error}
        cancelLabel={t('common.cancel')}
        submitLabel={submitLabel}
        destructive={destructive}
        canSubmit={!hasPassword || password !== ''}
        pending={action.isPending}
      />
    </FormDialog>
  );
}
