import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { generatePath, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { PASSWORD_MAX_LENGTH, usePasswordMinLength } from '../../../lib/password-policy.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { setServerError } from '../shared/admin-errors.ts';
import { identityFieldsIn } from '../shared/identity-fields.ts';
import { ROLES } from '../shared/roles.ts';

// create-user does not check the minimum length (docs/protocol/admin.md#create-user, quirk Q9); the
// app holds new passwords to the server's PASSWORD_MIN_LENGTH, as everywhere else.
const schemaIn = (t: Translate, min: number) =>
  z.object({
    ...identityFieldsIn(t),
    password: z
      .string()
      .refine((value) => value === '' || value.length >= min, t('admin.check.passwordShortOrEmpty', { min }))
      .refine((value) => value.length <= PASSWORD_MAX_LENGTH, t('admin.check.passwordLong')),
    role: z.enum(['user', 'admin']),
    emailVerified: z.boolean(),
  });

type CreateUserValues = z.infer<ReturnType<typeof schemaIn>>;

const EMPTY: CreateUserValues = { name: '', email: '', password: '', role: 'user', emailVerified: false };

export function CreateUserDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const minLength = usePasswordMinLength();
  const form = useForm<CreateUserValues>({
    resolver: zodResolver(schemaIn(t, minLength)),
    defaultValues: EMPTY,
  });
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
      toast.success(t('admin.create.done', { email: user.email }), {
        action: {
          label: t('admin.create.openUser'),
          onClick: () => navigate(generatePath(paths.adminUser, { userId: user.id })),
        },
      });
    },
    onError: (error) =>
      setServerError(
        form.setError,
        error,
        {
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
        },
        t,
      ),
  });

  return (
    <FormDialog
      trigger={<Button>{t('admin.create.open')}</Button>}
      title={t('admin.create.open')}
      description={t('admin.create.explain')}
      open={open}
      onOpenChange={setOpen}
      resets={[form, create]}
    >
      <DialogForm onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field label={t('admin.field.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label={t('admin.field.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
        </Field>
        <Field
          label={t('admin.create.password')}
          hint={t('admin.create.passwordHint')}
          error={errors.password?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <PasswordStrengthMeter
          password={form.watch('password') ?? ''}
          userInputs={[form.watch('name'), form.watch('email')]}
        />
        <Field label={t('admin.create.role')} error={errors.role?.message}>
          <Select {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role.value} value={role.value}>
                {t(role.label)}
              </option>
            ))}
          </Select>
        </Field>
        <CheckboxField
          control={form.control}
          name="emailVerified"
          label={t('admin.create.verified')}
          hint={t('admin.create.verifiedHint')}
        />
      </DialogForm>
      <FormActions
        error={errors.root?.server?.message}
        submitLabel={t('admin.create.open')}
        pending={create.isPending}
      />
    </FormDialog>
  );
}
