import type { User } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import type { Translate } from '../../../i18n/language.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { FormErrorAlert } from '../shared/form-error-alert.tsx';
import { showServerError } from '../shared/server-error.ts';

const NAME_MAX_LENGTH = 256;
const IMAGE_MAX_LENGTH = 2048;

const profileSchema = (t: Translate) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, t('account.profile.nameRequired'))
      .max(NAME_MAX_LENGTH, t('account.profile.maxLength', { max: NAME_MAX_LENGTH })),
    image: z
      .string()
      .trim()
      .max(IMAGE_MAX_LENGTH, t('account.profile.imageTooLong', { max: IMAGE_MAX_LENGTH }))
      .refine((value) => value === '' || isWebUrl(value), t('account.profile.imageNotWeb')),
  });

type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;

/** Name and picture, with a preview that follows the fields as they are typed. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const schema = useMemo(() => profileSchema(t), [t]);
  const { refetch } = useSession();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, image: user.image ?? '' },
  });
  const { errors } = form.formState;
  // An upload or removal on the picture card changes user.image: the field follows, so saving the
  // form afterwards does not put the old address back.
  const { resetField } = form;
  useEffect(() => resetField('image', { defaultValue: user.image ?? '' }), [resetField, user.image]);
  const [name, image] = useWatch({ control: form.control, name: ['name', 'image'] });
  const previewSrc = isWebUrl(image.trim()) ? image.trim() : null;

  const save = useMutation({
    mutationFn: async (values: ProfileValues) => {
      await authClient.updateUser({ name: values.name, image: values.image || null });
      await refetch();
    },
    onSuccess: (_, values) => {
      form.reset(values);
      toast.success(t('account.profile.saved'));
    },
    onError: (error) => showServerError(form.setError, error, { name: 'name', image: 'image' }, t),
  });

  return (
    <Card aria-labelledby="profile-details-title">
      <CardHeader>
        <CardTitle id="profile-details-title">{t('account.profile.details')}</CardTitle>
        <CardDescription>{t('account.profile.detailsExplain')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-4">
        <div className="flex items-center gap-4">
          <Avatar src={previewSrc} name={name || user.email} className="size-16 text-xl" />
          <p className="text-sm text-muted-foreground">{t('account.profile.preview')}</p>
        </div>
        <Field label={t('account.profile.name')} error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field
          label={t('account.profile.image')}
          hint={t('account.profile.imageHint')}
          error={errors.image?.message}
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://"
            {...form.register('image')}
          />
        </Field>
        <FormErrorAlert error={errors.root?.server} next={paths.account} />
        <Button type="submit" pending={save.isPending}>
          {t('account.profile.save')}
        </Button>
      </form>
    </Card>
  );
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
