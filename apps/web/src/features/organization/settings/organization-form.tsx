import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { SlugField } from '../shared/slug-field.tsx';
import { useSlugAvailability } from '../shared/use-slug-availability.ts';

/** Name, slug (checked live) and logo; read-only for roles without organization:update. */
export function OrganizationForm() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const nameId = useId();
  const slugId = useId();
  const logoId = useId();
  const orgChanged = useOrgChanged();
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const [logo, setLogo] = useState(organization.logo ?? '');
  const slugState = useSlugAvailability(slug, organization.slug);
  const mayEdit = permissions.can('organization', 'update');

  // Only what changed is sent: an update with nothing in it is refused.
  const data = {
    ...(name.trim() !== organization.name ? { name: name.trim() } : {}),
    ...(slug.trim() !== organization.slug ? { slug: slug.trim() } : {}),
    ...(logo.trim() !== (organization.logo ?? '') ? { logo: logo.trim() || null } : {}),
  };
  const changed = Object.keys(data).length > 0;
  const save = useMutation({
    mutationFn: () => authClient.organizationUpdate({ organizationId: organization.id, data }),
    onSuccess: async () => {
      toast.success(t('org.settings.saved'));
      await orgChanged();
    },
  });

  return (
    <Card aria-labelledby="org-settings-title">
      <CardHeader>
        <CardTitle id="org-settings-title">{t('org.settings.title')}</CardTitle>
        <CardDescription>{mayEdit ? t('org.settings.explain') : t('org.settings.readOnly')}</CardDescription>
      </CardHeader>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed && name.trim() && slug.trim() && slugState !== 'taken') save.mutate();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={nameId} className="block text-sm font-medium">
            {t('org.field.name')}
          </label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={!mayEdit}
          />
        </div>
        <SlugField id={slugId} value={slug} onChange={setSlug} state={slugState} disabled={!mayEdit} />
        <div className="space-y-1.5">
          <label htmlFor={logoId} className="block text-sm font-medium">
            {t('org.field.logo')}
          </label>
          <Input
            id={logoId}
            type="url"
            value={logo}
            onChange={(event) => setLogo(event.target.value)}
            disabled={!mayEdit}
            placeholder="https://example.com/logo.png"
          />
        </div>
        {save.isError && <Alert tone="error">{orgErrorMessage(save.error, t)}</Alert>}
        {mayEdit && (
          <Button
            type="submit"
            pending={save.isPending}
            disabled={!changed || !name.trim() || !slug.trim() || slugState === 'taken'}
          >
            {t('org.settings.save')}
          </Button>
        )}
      </form>
    </Card>
  );
}
