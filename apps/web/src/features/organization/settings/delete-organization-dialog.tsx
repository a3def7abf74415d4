import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deleting removes members, invitations, teams and roles for good, so the slug is typed first. */
export function DeleteOrganizationDialog({
  organization,
}: {
  organization: { id: string; name: string; slug: string };
}) {
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const remove = useMutation({
    mutationFn: () => authClient.organizationDelete({ organizationId: organization.id }),
    onSuccess: async () => {
      toast.success(`Deleted ${organization.name}.`);
      await navigate(paths.account, { replace: true });
      await orgChanged({ session: true });
    },
  });
  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">Delete organization…</Button>}
      title={`Delete ${organization.name}?`}
      description="Its members, invitations, teams and roles are removed for good. This cannot be undone."
      confirmLabel="Delete organization"
      action={remove}
      errorMessage={orgErrorMessage}
      typedConfirmation={{ text: organization.slug }}
    />
  );
}
