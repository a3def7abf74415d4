import type { ReactNode } from 'react';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { DialogClose, DialogFooter } from './ui/dialog.tsx';

/**
 * The end of a dialog that acts on the server: the server's refusal, a way out, and the caller's
 * own action button (`children`), whose label and wiring differ from dialog to dialog.
 */
export function DialogActions({
  error,
  cancelLabel = 'Cancel',
  children,
}: {
  /** The server's message, shown while the last attempt stands failed. */
  error?: string | null;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      {/* The margin collapses into the header's when no form sits between them. */}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </DialogClose>
        {children}
      </DialogFooter>
    </>
  );
}
