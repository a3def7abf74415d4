import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { setServerError } from '../shared/admin-errors.ts';

const schema = z
  .object({
    newPassword: z.string().min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string().min(1, 'Enter the password again.'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });

type SetPasswordValues = z.infer<typeof schema>;

const EMPTY: SetPasswordValues = { newPassword: '', confirmPassword: '' };

/** Replaces the password (or gives one to an account without). Their sessions stay signed in. */
export function SetPasswordDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const form = useForm<SetPasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const who = user.name || user.email;

  const setPassword = useMutation({
    mutationFn: ({ newPassword }: SetPasswordValues) =>
      authClient.adminSetUserPassword({ userId: user.id, newPassword }),
    onSuccess: () => {
      setOpen(false);
      form.reset(EMPTY);
      toast.success(`New password set for ${who}.`);
    },
    onError: (error) =>
      setServerError(form.setError, error, {
        PASSWORD_TOO_SHORT: 'newPassword',
        PASSWORD_TOO_COMMON: 'newPassword',
        PASSWORD_TOO_LONG: 'newPassword',
        newPassword: 'newPassword',
      }),
  });

  return (
    <FormDialog
      trigger={<Button variant="secondary">Set password…</Button>}
      title={`Set a password for ${who}`}
      description="Their old password stops working. Devices already signed in stay signed in; sign them out under Sessions if needed. Give them the password over a safe channel."
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={setPassword}
      onSubmit={form.handleSubmit((values) => setPassword.mutate(values))}
      submitLabel="Set password"
      error={errors.root?.server?.message}
    >
      <Field label="New password" hint="8 to 128 characters." error={errors.newPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <PasswordStrengthMeter password={form.watch('newPassword')} userInputs={[user.name, user.email]} />
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
    </FormDialog>
  );
}
