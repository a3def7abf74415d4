import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { generatePath, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { setServerError } from '../shared/admin-errors.ts';
import { ROLES } from '../shared/roles.ts';

// create-user does not check the minimum length (docs/protocol/admin.md#create-user, quirk Q9); the app holds
// new passwords to the same 8–128 as everywhere else.
const schema = z.object({
  name: z.string().trim().min(1, 'Enter their name.').max(256, 'Use at most 256 characters.'),
  email: z.string().trim().min(1, 'Enter their email address.').pipe(z.email('Enter a valid email address.')),
  password: z
    .string()
    .refine((value) => value === '' || value.length >= 8, 'Use at least 8 characters, or leave it empty.')
    .refine((value) => value.length <= 128, 'Use at most 128 characters.'),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
});

type CreateUserValues = z.infer<typeof schema>;

const EMPTY: CreateUserValues = { name: '', email: '', password: '', role: 'user', emailVerified: false };

export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CreateUserValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: ({ name, email, password, role, emailVerified }: CreateUserValues) =>
      authClient.adminCreateUser({
        name,
        email,
        role,
        ...(password ? { password } : {}),
        ...(emailVerified ? { data: { emailVerified: true } } : {}),
      }),
    onSuccess: ({ user }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      setOpen(false);
      form.reset(EMPTY);
      toast.success(`Created ${user.email}.`, {
        action: {
          label: 'Open',
          onClick: () => navigate(generatePath(paths.adminUser, { userId: user.id })),
        },
      });
    },
    onError: (error) =>
      setServerError(form.setError, error, {
        USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
        INVALID_EMAIL: 'email',
        PASSWORD_TOO_SHORT: 'password',
        PASSWORD_TOO_LONG: 'password',
        YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: 'role',
        YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'role',
        INVALID_ROLE_TYPE: 'role',
        name: 'name',
        email: 'email',
        password: 'password',
      }),
  });

  return (
    <FormDialog
      trigger={<Button>Create user</Button>}
      title="Create user"
      description="The account exists at once; no email is sent. Tell them how to sign in yourself."
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={create}
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      submitLabel="Create user"
      error={errors.root?.server?.message}
    >
      <Field label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
      </Field>
      <Field
        label="Password (optional)"
        hint="Leave empty to create the account without a password: they can choose one with “Forgot password?”, or you can set one later. Otherwise 8 to 128 characters."
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </Field>
      <PasswordStrengthMeter
        password={form.watch('password') ?? ''}
        userInputs={[form.watch('name'), form.watch('email')]}
      />
      <Field label="Role" error={errors.role?.message}>
        <Select {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </Select>
      </Field>
      <CheckboxField
        control={form.control}
        name="emailVerified"
        label="Email already verified"
        hint="Tick only if you know the address is theirs. Otherwise they verify it by email, like anyone who signs up."
      />
    </FormDialog>
  );
}
