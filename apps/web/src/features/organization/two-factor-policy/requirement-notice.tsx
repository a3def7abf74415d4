import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { orgListQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { policyFromSearch } from './policy-paths.ts';

/**
 * On the Security page after an organization refused a member without two-factor: names the
 * organization's requirement, and once two-factor is on, leads back into it (made active again,
 * since a refused switch left another one active).
 */
export function RequirementNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const { data: session } = useSession();
  const policy = policyFromSearch(params);
  // The list still answers for a member without two-factor (docs/api.md#two-factor-policy).
  const organizations = useQuery({
    ...orgListQueryOptions(session?.user.id ?? null),
    enabled: policy?.organizationId != null && session != null,
  });
  const back = useMutation({
    mutationFn: async () => {
      if (policy?.organizationId)
        await authClient.organizationSetActive({ organizationId: policy.organizationId });
      await orgChanged({ session: true });
    },
    onSuccess: () => {
      const target = policy?.back?.startsWith(orgPaths.root) ? policy.back : orgPaths.members;
      void navigate(target);
    },
  });
  if (!policy || !session) return null;
  const name = organizations.data?.find((each) => each.id === policy.organizationId)?.name;

  if (session.user.twoFactorEnabled !== true) {
    return <Alert>{name ? t('orgtf.required', { name }) : t('orgtf.requiredUnnamed')}</Alert>;
  }
  return (
    <Alert tone="success" className="flex flex-wrap items-center justify-between gap-2">
      <span>{t('security.tf.turnedOnApp')}</span>
      <Button variant="secondary" pending={back.isPending} onClick={() => back.mutate()}>
        {name ? t('orgtf.back', { name }) : t('orgtf.backUnnamed')}
      </Button>
      {back.isError && <span className="w-full">{orgErrorMessage(back.error, t)}</span>}
    </Alert>
  );
}
