import type { User } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import type { Translate } from '../../../i18n/language.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { optionalUsernameSchema } from '../../../lib/auth-schemas.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

/** The server's bound on a display name (packages/core/src/features/username/README.md, U2). */
const DISPLAY_MAX_LENGTH = 64;

const usernameSchema = (t: Translate) =>
  z.object({
    username: optionalUsernameSchema(t).refine((value) => value !== '', t('error.username.tooShort')),
    displayUsername: z
      .string()
      .trim()
      .refine(
        (value) => value.length <= DISPLAY_MAX_LENGTH && !/\p{Cc}/u.test(value),
        t('error.username.displayInvalid'),
      ),
  });

type UsernameValues = z.infer<ReturnType<typeof usernameSchema>>;

/** What the user object holds while usernames are on (docs/protocol/passwordless.md#3-usernames). */
const held = (user: User) => ({
  username: typeof user.username === 'string' ? user.username : '',
  displayUsername: typeof user.displayUsername === 'string' ? user.displayUsername : '',
});

/**
 * The username and its display form, through /update-user. Only what changed is sent: a new
 * username alone makes the display name follow it (README U3 of the username feature), so the
 * display name is sent only when it was edited too.
 */
export function UsernameCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const schema = useMemo(() => usernameSchema(t), [t]);
  const { refetch } = useSession();
  const form = useForm<UsernameValues>({ resolver: zodResolver(schema), defaultValues: held(user) });
  const { errors } = form.formState;
  // The server stores the username lowercased: after saving, the fields show what it holds.
  const { reset } = form;
  const { username, displayUsername } = held(user);
  useEffect(() => reset({ username, displayUsername }), [reset, username, displayUsername]);
  const save = useMutation({
    mutationFn: async (values: UsernameValues) => {
      await authClient.updateUser({
        ...(values.username !== username ? { username: values.username } : {}),
        ...(values.displayUsername !== displayUsername ? { displayUsername: values.displayUsername } : {}),
      });
      await refetch();
    },
    onSuccess: () => toast.success(t('username.saved')),
    onError: (error) =>
      showServerError(form.setError, error, { username: 'username', displayUsername: 'displayUsername' }, t),
  });

  return (
    <Card aria-labelledby="username-title">
      <CardHeader>
        <CardTitle id="username-title">{t('username.title')}</CardTitle>
        <CardDescription>{t('username.explain')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-4">
        <Field label={t('username.name')} hint={t('username.hint')} error={errors.username?.message}>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('username')}
          />
        </Field>
        <Field
          label={t('username.display')}
          hint={t('username.displayHint')}
          error={errors.displayUsername?.message}
        >
          <Input autoCapitalize="none" spellCheck={false} {...form.register('displayUsername')} />
        </Field>
        <FormErrorAlert error={errors.root?.server} next={paths.account} />
        <Button type="submit" pending={save.isPending}>
          {t('username.save')}
        </Button>
      </form>
    </Card>
  );
}
