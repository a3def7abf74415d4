import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { setServerError } from '../shared/admin-errors.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** How long a ban lasts, in the seconds ban-user takes; permanent sends no expiry at all. */
export const BAN_DURATIONS = [
  { value: 'hour', label: 'admin.ban.hour', seconds: HOUR },
  { value: 'day', label: 'admin.ban.day', seconds: DAY },
  { value: 'week', label: 'admin.ban.week', seconds: 7 * DAY },
  { value: 'month', label: 'admin.ban.month', seconds: 30 * DAY },
  { value: 'permanent', label: 'admin.ban.permanent', seconds: undefined },
] as const satisfies readonly { value: string; label: MessageKey; seconds: number | undefined }[];

type Duration = (typeof BAN_DURATIONS)[number]['value'];

const schemaIn = (t: Translate) =>
  z.object({
    reason: z.string().trim().max(500, t('admin.check.reasonLong')),
    duration: z.enum(BAN_DURATIONS.map((each) => each.value) as [Duration, ...Duration[]]),
  });

type BanValues = z.infer<ReturnType<typeof schemaIn>>;

const EMPTY: BanValues = { reason: '', duration: 'permanent' };

/** Bans with a reason and a duration; the server signs them out everywhere at the same time. */
export function BanDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const userUpdated = useUserUpdated();
  const form = useForm<BanValues>({ resolver: zodResolver(schemaIn(t)), defaultValues: EMPTY });
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
      toast.success(t('admin.ban.done', { name: who }));
    },
    onError: (error) => setServerError(form.setError, error, { banReason: 'reason' }, t),
  });

  return (
    <FormDialog
      trigger={
        <Button variant="destructive" disabled={disabled}>
          {t('admin.ban.open')}
        </Button>
      }
      title={t('admin.ban.title', { name: who })}
      description={t('admin.ban.explain')}
      open={open}
      onOpenChange={setOpen}
      resets={[form, ban]}
    >
      <DialogForm onSubmit={form.handleSubmit((values) => ban.mutate(values))}>
        <Field label={t('admin.ban.reason')} hint={t('admin.ban.reasonHint')} error={errors.reason?.message}>
          <Textarea rows={3} {...form.register('reason')} />
        </Field>
        <Field label={t('admin.ban.duration')} error={errors.duration?.message}>
          <Select {...form.register('duration')}>
            {BAN_DURATIONS.map((each) => (
              <option key={each.value} value={each.value}>
                {t(each.label)}
              </option>
            ))}
          </Select>
        </Field>
      </DialogForm>
      <FormActions
        error={errors.root?.server?.message}
        submitLabel={t('admin.ban.submit')}
        destructive
        pending={ban.isPending}
      />
    </FormDialog>
  );
}
