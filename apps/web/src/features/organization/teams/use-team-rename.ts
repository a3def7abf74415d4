import type { Team } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';

/**
 * Renaming a team in place. The typed name and the last refusal outlive Cancel, so a second try
 * starts from what was typed and the reason stays in view until then.
 */
export function useTeamRename(team: Team, organizationId: string) {
  const { t } = useTranslation();
  const orgChanged = useOrgChanged();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(team.name);
  const rename = useMutation({
    mutationFn: () =>
      authClient.organizationUpdateTeam({
        teamId: team.id,
        data: { name: name.trim(), organizationId },
      }),
    onSuccess: async () => {
      toast.success(t('team.renamed'));
      setRenaming(false);
      await orgChanged();
    },
  });
  return { renaming, setRenaming, name, setName, rename };
}
