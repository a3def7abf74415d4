import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { emailSchema } from '../shared/auth-schemas.ts';
import { fieldError } from '../shared/field-error.ts';

const schema = z.object({ email: emailSchema });
const FIELDS = ['email'] as const;

/**
 * Asks for a reset link. The confirmation reads the same whether or not the address has an
 * account, as the server's answer does.
 */
export function ForgotPasswordForm() {
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
      const found = fieldError(error, FIELDS);
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
    },
  });

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        If an account exists for <strong className="break-all">{request.variables.email}</strong>, we have
        sent it a link to choose a new password. The link is valid for one hour; check your spam folder if it
        does not arrive.
      </Alert>
    );
  }
  const formError = request.isError && !fieldError(request.error, FIELDS);
  return (
    <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))} className="space-y-4">
      {formError && <Alert tone="error">{errorMessage(request.error)}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      <Button type="submit" className="w-full" pending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
