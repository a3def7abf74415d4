import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { PASSWORD_MAX_LENGTH, usePasswordMinLength } from '../../../lib/password-policy.ts';
import { setServerError } from '../shared/admin-errors.ts';

const schemaIn = (t: Translate, min: number) =>
  z
    .object({
      newPassword: z
        .string()
        .min(min, t('admin.check.passwordShort', { min }))
        .max(PASSWORD_MAX_LENGTH, t('admin.check.passwordLong')),
      confirmPassword: z.string().min(1, t('admin.check.passwordAgain')),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: t('admin.check.passwordsDiffer'),
    });

type SetPasswordValues = z.infer<ReturnType<typeof schemaIn>>;

const EMPTY: SetPasswordValues = { newPassword: '', confirmPassword: '' };

/** Replaces the password (or gives one to an account without). Their sessions stay signed in. */
export function SetPasswordDialog({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const minLength = usePasswordMinLength();
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(schemaIn(t, minLength)),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const who = user.name || user.email;

  const setPassword = useMutation({
    mutationFn: ({ newPassword }: SetPasswordValues) =>
      authClient.adminSetUserPassword({ userId: user.id, newPassword }),
    onSuccess: () => {
      setOpen(false);
      form.reset(EMPTY);
      toast.success(t('admin.password.done', { name: who }));
    },
    onError: (error) =>
      setServerError(
        form.setError,
        error,
        {
          PASSWORD_TOO_SHORT: 'newPassword',
          PASSWORD_TOO_COMMON: 'newPassword',
          PASSWORD_TOO_LONG: 'newPassword',
          newPassword: 'newPassword',
        },
        t,
      ),
  });

  return (
    <FormDialog
      trigger={<Button variant="secondary">{t('admin.password.open')}</Button>}
      title={t('admin.password.title', { name: who })}
      description={t('admin.password.explain')}
      open={open}
      onOpenChange={setOpen}
      resets={[form, setPassword]}
    >
      <DialogForm onSubmit={form.handleSubmit((values) => setPassword.mutate(values))}>
        <Field
          label={t('admin.password.new')}
          hint={t('admin.password.hint')}
          error={errors.newPassword?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        <PasswordStrengthMeter password={form.watch('newPassword')} userInputs={[user.name, user.email]} />
        <Field label={t('admin.password.confirm')} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
      </DialogForm>
      <FormActions
        error={errors.root?.server?.message}
        submitLabel={t('admin.password.submit')}
        pending={setPassword.isPending}
      />
    </FormDialog>
  );
}
