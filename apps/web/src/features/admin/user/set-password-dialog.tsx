import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
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
        PASSWORD_TOO_LONG: 'newPassword',
        newPassword: 'newPassword',
      }),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset(EMPTY);
          setPassword.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">Set password…</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set a password for {who}</DialogTitle>
          <DialogDescription>
            Their old password stops working. Devices already signed in stay signed in; sign them out under
            Sessions if needed. Give them the password over a safe channel.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          id="set-password-form"
          onSubmit={form.handleSubmit((values) => setPassword.mutate(values))}
          className="space-y-4"
        >
          <Field label="New password" hint="8 to 128 characters." error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
          {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="set-password-form" pending={setPassword.isPending}>
            Set password
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
