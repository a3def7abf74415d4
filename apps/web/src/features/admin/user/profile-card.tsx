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
import { authClient } from '../../../lib/auth-client.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { setServerError } from '../shared/admin-errors.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter their name.').max(256, 'Use at most 256 characters.'),
  email: z.string().trim().min(1, 'Enter their email address.').pipe(z.email('Enter a valid email address.')),
  emailVerified: z.boolean(),
});

type ProfileValues = z.infer<typeof schema>;

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
  const userUpdated = useUserUpdated();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, email: user.email, emailVerified: user.emailVerified },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) => authClient.adminUpdateUser({ userId: user.id, data }),
    onSuccess: (updated) => {
      userUpdated(updated);
      form.reset({ name: updated.name, email: updated.email, emailVerified: updated.emailVerified });
      toast.success('Profile saved.');
    },
    onError: (error) =>
      setServerError(form.setError, error, {
        USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
        INVALID_EMAIL: 'email',
        YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: 'email',
        name: 'name',
        email: 'email',
      }),
  });

  function submit(values: ProfileValues) {
    const data = changes(user, values);
    if (Object.keys(data).length === 0) {
      return form.setError('root.server', { type: 'NO_DATA_TO_UPDATE', message: 'Nothing has changed.' });
    }
    save.mutate(data);
  }

  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title">Profile</CardTitle>
        <CardDescription>Changes apply at once. No email is sent to them.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field
          label="Email"
          hint="They sign in with the new address from now on. Untick “verified” below unless you know it is theirs."
          error={errors.email?.message}
        >
          <Input type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
        </Field>
        <CheckboxField control={form.control} name="emailVerified" label="Email address verified" />
        {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={save.isPending} disabled={!isDirty}>
            Save profile
          </Button>
          {isDirty && (
            <Button type="button" variant="ghost" onClick={() => form.reset()}>
              Undo changes
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
