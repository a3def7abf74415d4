import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { PASSWORD_MAX_LENGTH, usePasswordMinLength } from '../../../lib/password-policy.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { fieldError } from '../shared/field-error.ts';
import { useNextPath, useSuggestedEmail } from '../shared/use-next-path.ts';
import { verifiedCallbackURL } from '../shared/verified-callback.ts';
import { type SignUpValues, signUpSchema } from './sign-up-schema.ts';
import { useUsernameAvailability } from './use-username-availability.ts';

const FIELDS = ['name', 'email', 'username', 'password', 'confirmPassword'] as const;

/** A new account; with usernames on, an optional username, checked for being free on leaving its field. */
export function SignUpForm() {
  const { t } = useTranslation();
  const usernames = useQuery(productConfigQueryOptions()).data?.usernames === true;
  const minLength = usePasswordMinLength();
  const schema = useMemo(() => signUpSchema(t, minLength), [t, minLength]);
  const navigate = useNavigate();
  const next = useNextPath();
  const suggestedEmail = useSuggestedEmail();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    trigger,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: suggestedEmail, username: '', password: '', confirmPassword: '' },
  });
  const availability = useUsernameAvailability(
    (name) => {
      // Only while the field still holds the name asked about.
      if (getValues('username').trim() === name)
        setError('username', { type: 'server', message: t('error.username.taken') });
    },
    (error) => {
      const found = fieldError(error, ['username'], t);
      if (found) setError('username', { type: 'server', message: found.message });
    },
  );
  const checkUsername = async () => {
    const name = getValues('username').trim();
    if (name !== '' && (await trigger('username'))) availability.check(name);
  };
  const signUp = useMutation({
    mutationFn: ({ name, email, username, password }: SignUpValues) =>
      authClient.signUpEmail({
        name,
        email,
        password,
        ...(username ? { username } : {}),
        callbackURL: verifiedCallbackURL(next),
      }),
    onSuccess: (answer, { email }) => {
      // No session yet: the address must be verified first. With a session the client tells the
      // session store, and the guest guard moves the person on to the account.
      if (answer.token === null) {
        const onward = next ? `&next=${encodeURIComponent(next)}` : '';
        navigate(`${paths.verifyEmail}?email=${encodeURIComponent(email)}${onward}`);
      }
    },
    onError: (error) => {
      const found = fieldError(error, FIELDS, t);
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
    },
  });
  const formError = signUp.isError && !fieldError(signUp.error, FIELDS, t);

  return (
    <form noValidate onSubmit={handleSubmit((values) => signUp.mutate(values))} className="space-y-4">
      {formError && <Alert tone="error">{errorMessage(signUp.error, t)}</Alert>}
      <Field label={t('auth.name')} error={errors.name?.message}>
        <Input autoComplete="name" {...register('name')} />
      </Field>
      <Field label={t('auth.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      {usernames && (
        <Field
          label={t('username.field')}
          hint={t(availability.isFree(watch('username').trim()) ? 'username.available' : 'username.hint')}
          error={errors.username?.message}
        >
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username', { onBlur: checkUsername })}
          />
        </Field>
      )}
      <Field
        label={t('auth.password')}
        hint={t('auth.passwordHint', { min: minLength, max: PASSWORD_MAX_LENGTH })}
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <PasswordStrengthMeter password={watch('password')} userInputs={[watch('name'), watch('email')]} />
      <Field label={t('auth.signUp.confirm')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" pending={signUp.isPending || signUp.isSuccess}>
        {t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
