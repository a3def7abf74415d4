import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { TAB_HEADING_ATTRIBUTE } from '../../../components/tab-nav.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { TeamCard } from './team-card.tsx';

/** The organization's teams; creating one needs team:create. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const nameId = useId();
  const orgChanged = useOrgChanged();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () =>
      authClient.organizationCreateTeam({ name: name.trim(), organizationId: organization.id }),
    onSuccess: async (team) => {
      toast.success(t('team.created', { name: team.name }));
      setName('');
      await orgChanged();
    },
  });
  const teams = organization.teams ?? [];
  return (
    <div className="space-y-4">
      {permissions.can('team', 'create') && (
        <Card aria-labelledby="new-team-title">
          <CardHeader>
            <CardTitle id="new-team-title">{t('team.new')}</CardTitle>
          </CardHeader>
          <form
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) create.mutate();
            }}
          >
            <div className="min-w-48 flex-1 space-y-1.5">
              <label htmlFor={nameId} className="block text-sm font-medium">
                {t('team.name')}
              </label>
              <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} required />
            </div>
            <Button type="submit" pending={create.isPending} disabled={!name.trim()}>
              {t('team.create')}
            </Button>
          </form>
          {create.isError && (
            <Alert tone="error" className="mt-3">
              {orgErrorMessage(create.error, t)}
            </Alert>
          )}
        </Card>
      )}
      <Card aria-labelledby="teams-title">
        <CardHeader>
          <CardTitle id="teams-title" {...{ [TAB_HEADING_ATTRIBUTE]: '' }}>
            {t('team.title')}
          </CardTitle>
          <CardDescription>{teams.length === 0 ? t('team.none') : t('team.explain')}</CardDescription>
        </CardHeader>
        <ul className="space-y-3">
          {teams.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </ul>
      </Card>
    </div>
  );
}
