import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { SlugField } from '../shared/slug-field.tsx';
import { slugify } from '../shared/slugify.ts';
import { useSlugAvailability } from '../shared/use-slug-availability.ts';

/** Creates an organization (the creator becomes its owner) and switches to it. */
export function CreateOrganizationPage() {
  const { t } = useTranslation();
  const nameId = useId();
  const slugId = useId();
  const logoId = useId();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [logo, setLogo] = useState('');
  const shownSlug = slugEdited ? slug : slugify(name);
  const slugState = useSlugAvailability(shownSlug);

  const create = useMutation({
    mutationFn: async () => {
      const organization = await authClient.organizationCreate({
        name: name.trim(),
        slug: shownSlug.trim(),
        ...(logo.trim() ? { logo: logo.trim() } : {}),
      });
      // Create makes it active in storage only; set-active also refreshes a cached session cookie.
      await authClient.organizationSetActive({ organizationId: organization.id });
      return organization;
    },
    onSuccess: async (organization) => {
      toast.success(t('org.create.done', { name: organization.name }));
      await orgChanged({ session: true });
      await navigate(orgPaths.members);
    },
  });

  const canSubmit = name.trim() !== '' && shownSlug.trim() !== '' && slugState !== 'taken';

  return (
    <Card className="mx-auto max-w-lg" aria-labelledby="create-org-title">
      <CardHeader>
        <CardTitle as="h1" id="create-org-title">
          {t('org.create.title')}
        </CardTitle>
        <CardDescription>{t('org.create.explain')}</CardDescription>
      </CardHeader>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) create.mutate();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={nameId} className="block text-sm font-medium">
            {t('org.field.name')}
          </label>
          <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} required />
        </div>
        <SlugField
          id={slugId}
          value={shownSlug}
          state={slugState}
          onChange={(value) => {
            setSlugEdited(true);
            setSlug(value);
          }}
        />
        <div className="space-y-1.5">
          <label htmlFor={logoId} className="block text-sm font-medium">
            {t('org.field.logoOptional')}
          </label>
          <Input
            id={logoId}
            type="url"
            value={logo}
            onChange={(event) => setLogo(event.target.value)}
            placeholder="https://example.com/logo.png"
          />
        </div>
        {create.isError && <Alert tone="error">{orgErrorMessage(create.error, t)}</Alert>}
        <Button type="submit" pending={create.isPending} disabled={!canSubmit}>
          {t('org.create')}
        </Button>
      </form>
    </Card>
  );
}
