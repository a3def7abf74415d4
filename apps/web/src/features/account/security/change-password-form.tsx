import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { sessionsQueryKey } from '../sessions/sessions-query.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

// The server's policy (8–128 characters) checked here too, so most mistakes need no round trip.
const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: z.string().min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string().min(1, 'Enter the new password again.'),
    revokeOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });

type ChangePasswordValues = z.infer<typeof schema>;

const EMPTY: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: false,
};

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }: ChangePasswordValues) =>
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions }),
    onSuccess: (_, { revokeOtherSessions }) => {
      form.reset(EMPTY);
      toast.success(
        revokeOtherSessions ? 'Password changed. Your other devices are signed out.' : 'Password changed.',
      );
    },
    onError: (error) =>
      showServerError(form.setError, error, {
        // Wrong current password: the only field it can be about.
        INVALID_PASSWORD: 'currentPassword',
        password: 'newPassword',
        currentPassword: 'currentPassword',
        newPassword: 'newPassword',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} className="space-y-4">
      <Field label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field label="New password" hint="At least 8 characters." error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <PasswordStrengthMeter password={form.watch('newPassword')} />
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <CheckboxField
        control={form.control}
        name="revokeOtherSessions"
        label="Sign out of other devices"
        hint="Every other browser or device signed in to your account will need the new password."
      />
      <FormErrorAlert error={errors.root?.server} next={paths.accountSecurity} />
      <Button type="submit" pending={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
