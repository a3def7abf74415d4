import type { User } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

const schema = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, 'Enter your new email address.')
    .pipe(z.email('Enter a valid email address.')),
});

type ChangeEmailValues = z.infer<typeof schema>;

/** What was asked for, kept to explain the next step: it depends on whether the old address is verified. */
interface Requested {
  newEmail: string;
  currentEmail: string;
  wasVerified: boolean;
}

export function ChangeEmailForm({ user }: { user: User }) {
  const [requested, setRequested] = useState<Requested | null>(null);
  const form = useForm<ChangeEmailValues>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: ({ newEmail }: ChangeEmailValues) =>
      authClient.changeEmail({ newEmail, callbackURL: `${paths.account}?emailChanged=1` }),
    onMutate: () => setRequested(null),
    onSuccess: (_, { newEmail }) => {
      setRequested({ newEmail, currentEmail: user.email, wasVerified: user.emailVerified });
      form.reset();
    },
    onError: (error) => showServerError(form.setError, error, { newEmail: 'newEmail' }),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      className="space-y-4 border-t border-border pt-6"
      aria-labelledby="change-email-title"
    >
      <h3 id="change-email-title" className="font-semibold">
        Change email address
      </h3>
      <Field
        label="New email address"
        hint={
          user.emailVerified
            ? 'We first ask you to approve the change from your current address.'
            : 'We send a link to the new address; your address changes when you open it.'
        }
        error={errors.newEmail?.message}
      >
        <Input type="email" autoComplete="email" {...form.register('newEmail')} />
      </Field>
      <FormErrorAlert error={errors.root?.server} next={paths.account} />
      {requested && <NextSteps {...requested} />}
      <Button type="submit" variant="secondary" pending={change.isPending}>
        Change email
      </Button>
    </form>
  );
}

function NextSteps({ newEmail, currentEmail, wasVerified }: Requested) {
  return (
    <Alert tone="success" className="space-y-1">
      {wasVerified ? (
        <p>
          <strong>Check {currentEmail}.</strong> We sent a link there to approve the change. After you open
          it, we send a second link to <strong>{newEmail}</strong>; your address changes when you open that
          one.
        </p>
      ) : (
        <p>
          <strong>Check {newEmail}.</strong> We sent a link there; your address changes when you open it.
        </p>
      )}
      <p className="text-muted-foreground">
        No email after a few minutes? Check your spam folder. If the new address already has an account, no
        link is sent.
      </p>
    </Alert>
  );
}
