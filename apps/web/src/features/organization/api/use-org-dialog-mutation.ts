import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useOrgChanged } from './use-org-changed.ts';

/**
 * A dialog's change to the organization. On success the dialog closes before the pages reload,
 * so it does not linger over a list that is about to lose the row it was opened from.
 */
export function useOrgDialogMutation<T>({
  mutationFn,
  successMessage,
}: {
  mutationFn: () => Promise<T>;
  successMessage: (result: T) => string;
}) {
  const [open, setOpen] = useState(false);
  const orgChanged = useOrgChanged();
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (result) => {
      toast.success(successMessage(result));
      setOpen(false);
      await orgChanged();
    },
  });
  return { open, setOpen, mutation };
}
