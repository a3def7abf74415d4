import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Select } from '../../../components/ui/select.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { orgListQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

const PERSONAL = '';
const CREATE = '__create__';

/**
 * The header's choice of where one works: the personal space or one of one's organizations.
 * Choosing sets the session's active organization (set-active); "New organization…" goes to the
 * create page. Shown only to signed-in people.
 */
export function OrganizationSwitcher() {
  const id = useId();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const list = useQuery(orgListQueryOptions(userId));
  const active = session?.session.activeOrganizationId ?? PERSONAL;

  const switchTo = useMutation({
    mutationFn: (organizationId: string | null) => authClient.organizationSetActive({ organizationId }),
    onSuccess: async (organization) => {
      await orgChanged({ session: true });
      await navigate(organization ? orgPaths.members : paths.account);
    },
    onError: (error) => toast.error(`Could not switch: ${orgErrorMessage(error)}`),
  });

  if (!session) return null;
  const organizations = list.data ?? [];
  // An active organization missing from the list (just created, list still loading) stays shown.
  const knowsActive = active === PERSONAL || organizations.some((each) => each.id === active);

  return (
    <div className="flex min-w-0 items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Organization
      </label>
      <Select
        id={id}
        value={switchTo.isPending ? (switchTo.variables ?? PERSONAL) : active}
        disabled={switchTo.isPending}
        aria-busy={switchTo.isPending || list.isPending || undefined}
        className="w-36 min-w-0 sm:w-44"
        onChange={(event) => {
          const value = event.target.value;
          if (value === CREATE) void navigate(orgPaths.create);
          else switchTo.mutate(value === PERSONAL ? null : value);
        }}
      >
        <option value={PERSONAL}>Personal</option>
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
        {!knowsActive && (
          <option value={active}>{list.isPending ? 'Loading…' : 'Current organization'}</option>
        )}
        <option value={CREATE}>+ New organization…</option>
      </Select>
      {list.isError && (
        <span role="alert" className="text-xs text-destructive" title={orgErrorMessage(list.error)}>
          !
        </span>
      )}
    </div>
  );
}
