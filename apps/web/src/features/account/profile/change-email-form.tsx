import type { User } from '@gatehouse/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RichText } from '../../../components/rich-text.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import type { Translate } from '../../../i18n/language.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

const changeEmailSchema = (t: Translate) =>
  z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, t('account.email.newRequired'))
      .pipe(z.email(t('account.email.invalid'))),
  });

type ChangeEmailValues = z.infer<ReturnType<typeof changeEmailSchema>>;

/** What was asked for, kept to explain the next step: it depends on whether the old address is verified. */
interface Requested {
  newEmail: string;
  currentEmail: string;
  wasVerified: boolean;
}

export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const schema = useMemo(() => changeEmailSchema(t), [t]);
  const [requested, setRequested] = useState<Requested | null>(null);
  const form = useForm<ChangeEmailValues>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: ({ newEmail }: ChangeEmailValues) =>
      authClient.changeEmail({ newEmail, callbackURL: `${paths.account}?emailChanged=1` }),
    onMutate: () => setRequested(null),
    onSuccess: (_, { newEmail }) => {
      setRequested({ newEmail, currentEmail: user.email, wasVerified: user.emailVerified });
      form.reset();
    },
    onError: (error) => showServerError(form.setError, error, { newEmail: 'newEmail' }, t),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      className="space-y-4 border-t border-border pt-6"
      aria-labelledby="change-email-title"
    >
      <h3 id="change-email-title" className="font-semibold">
        {t('account.email.change')}
      </h3>
      <Field
        label={t('account.email.new')}
        hint={user.emailVerified ? t('account.email.hintVerified') : t('account.email.hintUnverified')}
        error={errors.newEmail?.message}
      >
        <Input type="email" autoComplete="email" {...form.register('newEmail')} />
      </Field>
      <FormErrorAlert error={errors.root?.server} next={paths.account} />
      {requested && <NextSteps {...requested} />}
      <Button type="submit" variant="secondary" pending={change.isPending}>
        {t('account.email.submit')}
      </Button>
    </form>
  );
}

function NextSteps({ newEmail, currentEmail, wasVerified }: Requested) {
  const { t } = useTranslation();
  return (
    <Alert tone="success" className="space-y-1">
      {wasVerified ? (
        <p>
          <strong>{t('account.email.check', { email: currentEmail })}</strong>{' '}
          <RichText text={t('account.email.approveSent')} values={{ email: <strong>{newEmail}</strong> }} />
        </p>
      ) : (
        <p>
          <strong>{t('account.email.check', { email: newEmail })}</strong> {t('account.email.linkSent')}
        </p>
      )}
      <p className="text-muted-foreground">{t('account.email.noEmail')}</p>
    </Alert>
  );
}
