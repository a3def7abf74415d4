import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { setServerError } from '../shared/admin-errors.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** How long a ban lasts, in the seconds ban-user takes; permanent sends no expiry at all. */
export const BAN_DURATIONS = [
  { value: 'hour', label: '1 hour', seconds: HOUR },
  { value: 'day', label: '1 day', seconds: DAY },
  { value: 'week', label: '7 days', seconds: 7 * DAY },
  { value: 'month', label: '30 days', seconds: 30 * DAY },
  { value: 'permanent', label: 'Permanent', seconds: undefined },
] as const;

type Duration = (typeof BAN_DURATIONS)[number]['value'];

const schema = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters.'),
  duration: z.enum(BAN_DURATIONS.map((each) => each.value) as [Duration, ...Duration[]]),
});

type BanValues = z.infer<typeof schema>;

const EMPTY: BanValues = { reason: '', duration: 'permanent' };

/** Bans with a reason and a duration; the server signs them out everywhere at the same time. */
export function BanDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const userUpdated = useUserUpdated();
  const form = useForm<BanValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const who = user.name || user.email;

  const ban = useMutation({
    mutationFn: ({ reason, duration }: BanValues) => {
      const seconds = BAN_DURATIONS.find((each) => each.value === duration)?.seconds;
      return authClient.adminBanUser({
        userId: user.id,
        ...(reason ? { banReason: reason } : {}),
        ...(seconds ? { banExpiresIn: seconds } : {}),
      });
    },
    onSuccess: ({ user: updated }) => {
      userUpdated(updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(user.id) });
      setOpen(false);
      form.reset(EMPTY);
      toast.success(`${who} is banned and signed out everywhere.`);
    },
    onError: (error) => setServerError(form.setError, error, { banReason: 'reason' }),
  });

  return (
    <FormDialog
      trigger={
        <Button variant="destructive" disabled={disabled}>
          Ban user…
        </Button>
      }
      title={`Ban ${who}?`}
      description="They are signed out of every device at once and cannot sign in until the ban ends or you lift it."
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={ban}
      onSubmit={form.handleSubmit((values) => ban.mutate(values))}
      submitLabel="Ban user"
      destructive
      error={errors.root?.server?.message}
    >
      <Field
        label="Reason (optional)"
        hint="For admins: it is shown here and in the users list, not to them. Empty means “No reason”."
        error={errors.reason?.message}
      >
        <Textarea rows={3} {...form.register('reason')} />
      </Field>
      <Field label="Duration" error={errors.duration?.message}>
        <Select {...form.register('duration')}>
          {BAN_DURATIONS.map((each) => (
            <option key={each.value} value={each.value}>
              {each.label}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
