import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RichText } from '../../../components/rich-text.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { emailSchema } from '../../../lib/auth-schemas.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { fieldError } from '../shared/field-error.ts';

const FIELDS = ['email'] as const;

/**
 * Asks for a reset link. The confirmation reads the same whether or not the address has an
 * account, as the server's answer does.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ email: emailSchema(t) }), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: ({ email }: { email: string }) =>
      authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword }),
    onError: (error) => {
      const found = fieldError(error, FIELDS, t);
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
    },
  });

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        <RichText
          text={t('auth.forgot.sent')}
          values={{ email: <strong className="break-all">{request.variables.email}</strong> }}
        />
      </Alert>
    );
  }
  const formError = request.isError && !fieldError(request.error, FIELDS, t);
  return (
    <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))} className="space-y-4">
      {formError && <Alert tone="error">{errorMessage(request.error, t)}</Alert>}
      <Field label={t('auth.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      <Button type="submit" className="w-full" pending={request.isPending}>
        {t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
