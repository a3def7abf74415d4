import type { Team } from '@gatehouse/client';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { DeleteTeamDialog } from './delete-team-dialog.tsx';
import { RenameTeamForm } from './rename-team-form.tsx';
import { TeamMembers } from './team-members.tsx';
import { useTeamMembers } from './use-team-members.ts';
import { useTeamRename } from './use-team-rename.ts';

/** One team: its name, renamed in place (team:update), Delete (team:delete), and its members on demand. */
export function TeamCard({ team }: { team: Team & { memberCount?: number } }) {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const { renaming, setRenaming, name, setName, rename } = useTeamRename(team, organization.id);
  const [showMembers, setShowMembers] = useState(false);
  const members = useTeamMembers({ teamId: team.id, organizationId: organization.id }, showMembers);

  return (
    <li className="rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {renaming ? (
          <RenameTeamForm
            teamName={team.name}
            name={name}
            onNameChange={setName}
            pending={rename.isPending}
            onSave={() => rename.mutate()}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <div>
            <h3 className="font-medium">{team.name}</h3>
            {team.memberCount !== undefined && (
              <p className="text-xs text-muted-foreground">
                {t('org.members.count', { count: team.memberCount })}
              </p>
            )}
          </div>
        )}
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => setShowMembers((shown) => !shown)}
            aria-expanded={showMembers}
          >
            {showMembers ? t('team.hideMembers') : t('team.members')}
          </Button>
          {!renaming && permissions.can('team', 'update') && (
            <Button
              variant="secondary"
              onClick={() => setRenaming(true)}
              aria-label={t('team.renameLabel', { name: team.name })}
            >
              {t('team.rename')}
            </Button>
          )}
          {permissions.can('team', 'delete') && (
            <DeleteTeamDialog team={team} organizationId={organization.id} />
          )}
        </div>
      </div>
      {rename.isError && (
        <Alert tone="error" className="mt-2">
          {orgErrorMessage(rename.error, t)}
        </Alert>
      )}
      {showMembers && <TeamMembers teamName={team.name} {...members} />}
    </li>
  );
}
