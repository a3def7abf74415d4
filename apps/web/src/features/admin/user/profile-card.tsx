import type { AdminUser } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { setServerError } from '../shared/admin-errors.ts';
import { identityFieldsIn } from '../shared/identity-fields.ts';

const schemaIn = (t: Translate) =>
  z.object({
    ...identityFieldsIn(t),
    emailVerified: z.boolean(),
  });

type ProfileValues = z.infer<ReturnType<typeof schemaIn>>;

/** The fields of update-user that changed; the server answers NO_DATA_TO_UPDATE to an empty one. */
function changes(user: AdminUser, values: ProfileValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (values.name !== user.name) data.name = values.name;
  // The server stores addresses in lower case.
  if (values.email.toLowerCase() !== user.email.toLowerCase()) data.email = values.email;
  if (values.emailVerified !== user.emailVerified) data.emailVerified = values.emailVerified;
  return data;
}

/** Name, email and whether the email is verified, changed directly: no confirmation email. */
export function ProfileCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const userUpdated = useUserUpdated();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schemaIn(t)),
    defaultValues: { name: user.name, email: user.email, emailVerified: user.emailVerified },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) => authClient.adminUpdateUser({ userId: user.id, data }),
    onSuccess: (updated) => {
      userUpdated(updated);
      form.reset({ name: updated.name, email: updated.email, emailVerified: updated.emailVerified });
      toast.success(t('admin.profile.saved'));
    },
    onError: (error) =>
      setServerError(
        form.setError,
        error,
        {
          USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
          INVALID_EMAIL: 'email',
          YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: 'email',
          name: 'name',
          email: 'email',
        },
        t,
      ),
  });

  function submit(values: ProfileValues) {
    const data = changes(user, values);
    if (Object.keys(data).length === 0) {
      return form.setError('root.server', {
        type: 'NO_DATA_TO_UPDATE',
        message: t('admin.profile.unchanged'),
      });
    }
    save.mutate(data);
  }

  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title">{t('admin.profile.title')}</CardTitle>
        <CardDescription>{t('admin.profile.explain')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <Field label={t('admin.field.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field
          label={t('admin.field.email')}
          hint={t('admin.profile.emailHint')}
          error={errors.email?.message}
        >
          <Input type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
        </Field>
        <CheckboxField control={form.control} name="emailVerified" label={t('admin.profile.verified')} />
        {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={save.isPending} disabled={!isDirty}>
            {t('admin.profile.save')}
          </Button>
          {isDirty && (
            <Button type="button" variant="ghost" onClick={() => form.reset()}>
              {t('admin.profile.undo')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
