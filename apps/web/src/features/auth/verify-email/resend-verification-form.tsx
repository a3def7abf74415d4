import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { emailSchema } from '../../../lib/auth-schemas.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { fieldError } from '../shared/field-error.ts';
import { useNextPath } from '../shared/use-next-path.ts';
import { verifiedCallbackURL } from '../shared/verified-callback.ts';

/**
 * Asks for a new verification link. With a known address it is one button; without one, the
 * person types the address first.
 */
export function ResendVerificationForm({ email = '' }: { email?: string }) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ email: emailSchema(t) }), [t]);
  const askEmail = email === '';
  const next = useNextPath();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email } });
  const resend = useMutation({
    mutationFn: (values: { email: string }) =>
      authClient.sendVerificationEmail({ email: values.email, callbackURL: verifiedCallbackURL(next) }),
    onSuccess: (_answer, values) => toast.success(t('auth.verify.resent', { email: values.email })),
    onError: (error) => {
      const found = askEmail ? fieldError(error, ['email'] as const, t) : null;
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
      else toast.error(errorMessage(error, t));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => resend.mutate(values))} className="space-y-4">
      {askEmail && (
        <Field label={t('auth.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
        </Field>
      )}
      <Button
        type="submit"
        variant={askEmail ? 'primary' : 'secondary'}
        className="w-full"
        pending={resend.isPending}
      >
        {t(askEmail ? 'auth.verify.send' : 'auth.verify.resend')}
      </Button>
    </form>
  );
}
