import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
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
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const matches = typed.trim() === organization.slug;
  const remove = useMutation({
    mutationFn: () => authClient.organizationDelete({ organizationId: organization.id }),
    onSuccess: async () => {
      toast.success(`Deleted ${organization.name}.`);
      await navigate(paths.account, { replace: true });
      await orgChanged({ session: true });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Delete organization…</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {organization.name}?</DialogTitle>
          <DialogDescription>
            Its members, invitations, teams and roles are removed for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form
          id="delete-org-form"
          noValidate
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate();
          }}
        >
          <label htmlFor={inputId} className="block text-sm font-medium">
            Type <span className="font-mono select-all">{organization.slug}</span> to confirm
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
          />
        </form>
        {remove.isError && (
          <Alert tone="error" className="mt-4">
            {orgErrorMessage(remove.error)}
          </Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            form="delete-org-form"
            variant="destructive"
            disabled={!matches}
            pending={remove.isPending}
          >
            Delete organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
