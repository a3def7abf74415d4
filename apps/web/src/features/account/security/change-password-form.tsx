import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import type { Translate } from '../../../i18n/language.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { newPasswordSchema } from '../../../lib/auth-schemas.ts';
import { PASSWORD_MAX_LENGTH, usePasswordMinLength } from '../../../lib/password-policy.ts';
import { sessionsQueryKey } from '../sessions/sessions-query.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

// The server's policy (PASSWORD_MIN_LENGTH to 128 characters) checked here too, so most mistakes
// need no round trip.
const changePasswordSchema = (t: Translate, minLength: number) =>
  z
    .object({
      currentPassword: z.string().min(1, t('account.password.currentRequired')),
      newPassword: newPasswordSchema(t, minLength),
      confirmPassword: z.string().min(1, t('account.password.confirmRequired')),
      revokeOtherSessions: z.boolean(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: t('auth.passwordsDiffer'),
    });

type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

const EMPTY: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: false,
};

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const minLength = usePasswordMinLength();
  const schema = useMemo(() => changePasswordSchema(t, minLength), [t, minLength]);
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }: ChangePasswordValues) =>
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions }),
    onSuccess: (_, { revokeOtherSessions }) => {
      form.reset(EMPTY);
      toast.success(t(revokeOtherSessions ? 'account.password.changedRevoked' : 'account.password.changed'));
    },
    onError: (error) =>
      showServerError(
        form.setError,
        error,
        {
          // Wrong current password: the only field it can be about.
          INVALID_PASSWORD: 'currentPassword',
          password: 'newPassword',
          currentPassword: 'currentPassword',
          newPassword: 'newPassword',
        },
        t,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} className="space-y-4">
      <Field label={t('account.password.current')} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        label={t('account.password.new')}
        hint={t('auth.passwordHint', { min: minLength, max: PASSWORD_MAX_LENGTH })}
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <PasswordStrengthMeter password={form.watch('newPassword')} />
      <Field label={t('account.password.confirm')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <CheckboxField
        control={form.control}
        name="revokeOtherSessions"
        label={t('account.password.revoke')}
        hint={t('account.password.revokeHint')}
      />
      <FormErrorAlert error={errors.root?.server} next={paths.accountSecurity} />
      <Button type="submit" pending={change.isPending}>
        {t('account.password.submit')}
      </Button>
    </form>
  );
}
