import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { emailSchema } from '../shared/auth-schemas.ts';
import { fieldError } from '../shared/field-error.ts';
import { useNextPath } from '../shared/use-next-path.ts';
import { verifiedCallbackURL } from '../shared/verified-callback.ts';

const schema = z.object({ email: emailSchema });

/**
 * Asks for a new verification link. With a known address it is one button; without one, the
 * person types the address first.
 */
export function ResendVerificationForm({ email = '' }: { email?: string }) {
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
    onSuccess: (_answer, values) =>
      toast.success(`A new verification link is on its way to ${values.email}.`),
    onError: (error) => {
      const found = askEmail ? fieldError(error, ['email'] as const) : null;
      if (found) setError(found.name, { type: 'server', message: found.message }, { shouldFocus: true });
      else toast.error(errorMessage(error));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => resend.mutate(values))} className="space-y-4">
      {askEmail && (
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
        </Field>
      )}
      <Button
        type="submit"
        variant={askEmail ? 'primary' : 'secondary'}
        className="w-full"
        pending={resend.isPending}
      >
        {askEmail ? 'Send a verification link' : 'Resend the email'}
      </Button>
    </form>
  );
}
