import { GatehouseError } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { passkeyErrorMessage } from '../../../lib/passkeys.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { isTwoFactorChallenge, type TwoFactorState, twoFactorPath } from '../../../lib/two-factor.ts';
import { fieldError } from '../shared/field-error.ts';
import { useNextPath, useSuggestedEmail } from '../shared/use-next-path.ts';
import { verifiedCallbackURL } from '../shared/verified-callback.ts';
import { isUsername, type SignInValues, signInSchema } from './sign-in-schema.ts';
import { usePasskeyAutofill } from './use-passkey-autofill.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * Signs in; on success the session store refetches and the guest guard moves on (to `?next=`).
 * When a second factor is owed, the second step takes over, with the methods the server listed.
 * With usernames on, the first field takes a username too, signed in by /sign-in/username.
 */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useNextPath();
  const suggestedEmail = useSuggestedEmail();
  const usernames = useQuery(productConfigQueryOptions()).data?.usernames === true;
  const schema = useMemo(() => signInSchema(t, usernames), [t, usernames]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: suggestedEmail, password: '', rememberMe: true },
  });
  const autofill = usePasskeyAutofill(next);
  const signIn = useMutation({
    // The server uses callbackURL only in the verification link it resends to an unverified
    // address; navigation after sign-in is the guard's.
    mutationFn: ({ email, ...rest }: SignInValues) => {
      const callbackURL = verifiedCallbackURL(next);
      return isUsername(email, usernames)
        ? authClient.signInUsername({ username: email, ...rest, callbackURL })
        : authClient.signInEmail({ email, ...rest, callbackURL });
    },
    onSuccess: (answer: unknown) => {
      if (!isTwoFactorChallenge(answer)) return;
      const state: TwoFactorState = { methods: answer.twoFactorMethods };
      navigate(twoFactorPath(next), { state });
    },
    onError: (error) => {
      const found = fieldError(error, FIELDS, t);
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
    },
  });
  const formError = signIn.isError && !fieldError(signIn.error, FIELDS, t);
  const submit = handleSubmit((values) => {
    // Signing in with the password ends the passkey autofill request still waiting.
    autofill.cancel();
    signIn.mutate(values);
  });
  const notVerified = signIn.error instanceof GatehouseError && signIn.error.code === 'EMAIL_NOT_VERIFIED';
  // A username is no address to resend to: the verification page then asks for one.
  const typed = getValues('email');
  const verifyPath = isUsername(typed, usernames)
    ? paths.verifyEmail
    : `${paths.verifyEmail}?email=${encodeURIComponent(typed)}`;

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {autofill.error && !formError && <Alert tone="error">{passkeyErrorMessage(autofill.error, t)}</Alert>}
      {formError && (
        <Alert tone="error">
          {errorMessage(signIn.error, t)}
          {notVerified && (
            <>
              {' '}
              <Link to={verifyPath} className="font-medium underline underline-offset-4">
                {t('auth.signIn.toVerification')}
              </Link>
            </>
          )}
        </Alert>
      )}
      <Field label={t(usernames ? 'username.identifier' : 'auth.email')} error={errors.email?.message}>
        <Input
          type={usernames ? 'text' : 'email'}
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          {...register('email')}
        />
      </Field>
      <Field label={t('auth.password')} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField control={control} name="rememberMe" label={t('auth.signIn.remember')} />
        <Link to={paths.forgotPassword} className="text-sm underline underline-offset-4">
          {t('auth.signIn.forgot')}
        </Link>
      </div>
      <Button type="submit" className="w-full" pending={signIn.isPending || signIn.isSuccess}>
        {t('auth.signIn')}
      </Button>
    </form>
  );
}
