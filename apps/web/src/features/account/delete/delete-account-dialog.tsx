import { GatehouseError } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { DialogForm, DialogNotice, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { ResumedNotice } from '../../../components/resumed-notice.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { RESUMED_FORMS, useResumedForm } from '../../../lib/pending-reauth.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

const schema = z.object({ password: z.string() });
type DeleteValues = z.infer<typeof schema>;

/**
 * Asks for the password, then deletes. An account without a password (the server answers
 * CREDENTIAL_ACCOUNT_NOT_FOUND) is deleted on a recent sign-in instead, so the dialog switches to
 * a plain confirmation; a too-old sign-in (SESSION_EXPIRED) gets a way to sign in again.
 */
export function DeleteAccountDialog() {
  const { t } = useTranslation();
  const [hasPassword, setHasPassword] = useState(true);
  const [emailSent, setEmailSent] = useState(false);
  const [open, setOpen] = useState(false);
  const [resumed, setResumed] = useState(false);
  // Back from confirming it is them with a provider: only an account without a password is asked
  // for a recent sign-in (SESSION_EXPIRED), so the dialog opens again as for one.
  useResumedForm(RESUMED_FORMS.deleteAccount, () => {
    setHasPassword(false);
    setResumed(true);
    setOpen(true);
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<DeleteValues>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  // ACCOUNT_DELETION=email: the server emails a link first and deletes only when it is opened.
  const byEmail = useQuery(productConfigQueryOptions()).data?.accountDeletion === 'email';

  const remove = useMutation({
    mutationFn: ({ password }: DeleteValues) => authClient.deleteUser(hasPassword ? { password } : {}),
    onSuccess: (result) => {
      // A server set up to confirm deletions by email answers before deleting anything.
      if (result.message === 'Verification email sent') return setEmailSent(true);
      toast.success(t('account.delete.done'));
      queryClient.clear();
      navigate(paths.home, { replace: true });
    },
    onError: (error) => {
      const code = error instanceof GatehouseError ? error.code : undefined;
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return setHasPassword(false);
      if (code === 'USER_ALREADY_HAS_PASSWORD') setHasPassword(true);
      if (code === 'NOT_FOUND') {
        const message = t('account.delete.disabled');
        return form.setError('root.server', { type: code, message });
      }
      showServerError(
        form.setError,
        error,
        {
          INVALID_PASSWORD: 'password',
          USER_ALREADY_HAS_PASSWORD: 'password',
        },
        t,
      );
    },
  });

  function submit(values: DeleteValues) {
    if (hasPassword && !values.password) {
      return form.setError(
        'password',
        { message: t('account.delete.passwordRequired') },
        { shouldFocus: true },
      );
    }
    remove.mutate(values);
  }

  return (
    <FormDialog
      trigger={<Button variant="destructive">{t('account.delete.open')}</Button>}
      title={t('account.delete.dialogTitle')}
      description={
        byEmail
          ? hasPassword
            ? t('account.delete.byEmailWithPassword')
            : t('account.delete.byEmailWithoutPassword')
          : hasPassword
            ? t('account.delete.withPassword')
            : t('account.delete.withoutPassword')
      }
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setResumed(false);
        if (!next) setEmailSent(false);
      }}
      resets={[form, remove]}
    >
      {resumed && (
        <DialogNotice>
          <ResumedNotice />
        </DialogNotice>
      )}
      {emailSent ? (
        <Alert tone="success">{t('account.delete.emailSent')}</Alert>
      ) : (
        <DialogForm onSubmit={form.handleSubmit(submit)}>
          {hasPassword && (
            <Field label={t('account.delete.password')} error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </Field>
          )}
          <FormErrorAlert error={errors.root?.server} next={paths.accountDelete} />
        </DialogForm>
      )}
      <FormActions
        submitLabel={t('account.delete.submit')}
        destructive
        pending={remove.isPending}
        closeOnly={emailSent}
      />
    </FormDialog>
  );
}
