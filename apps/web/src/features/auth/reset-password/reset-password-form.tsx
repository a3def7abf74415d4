import { GatehouseError } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { passwordPairSchema } from '../../../lib/auth-schemas.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { PASSWORD_MAX_LENGTH, usePasswordMinLength } from '../../../lib/password-policy.ts';
import { fieldError } from '../shared/field-error.ts';
import { InvalidResetLink } from './invalid-reset-link.tsx';

const FIELDS = ['password', 'confirmPassword'] as const;
const LINK_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/** Chooses a new password with the token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const minLength = usePasswordMinLength();
  const schema = useMemo(() => passwordPairSchema(t, minLength), [t, minLength]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: ({ password }: { password: string }) =>
      authClient.resetPassword({ newPassword: password, token }),
    onError: (error) => {
      const found = fieldError(error, FIELDS, t);
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
    },
  });

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <LinkButton to={paths.signIn} className="w-full">
          {t('auth.signIn')}
        </LinkButton>
      </div>
    );
  }
  if (reset.error instanceof GatehouseError && LINK_ERRORS.has(reset.error.code)) {
    return <InvalidResetLink message={errorMessage(reset.error, t)} />;
  }
  const formError = reset.isError && !fieldError(reset.error, FIELDS, t);
  return (
    <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} className="space-y-4">
      {formError && <Alert tone="error">{errorMessage(reset.error, t)}</Alert>}
      <Field
        label={t('auth.reset.new')}
        hint={t('auth.passwordHint', { min: minLength, max: PASSWORD_MAX_LENGTH })}
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <PasswordStrengthMeter password={watch('password')} />
      <Field label={t('auth.reset.confirm')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" pending={reset.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
