import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/language.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { DialogClose, DialogFooter } from './ui/dialog.tsx';

/**
 * The end of a dialog that acts on the server: the server's refusal, a way out, and the caller's
 * own action button (`children`), whose label and wiring differ from dialog to dialog.
 */
export function DialogActions({
  error,
  cancelLabel,
  cancelDisabled,
  children,
}: {
  /** The server's message, shown while the last attempt stands failed. */
  error?: string | null;
  cancelLabel?: string;
  /** While the dialog must not be left (the page is about to change). */
  cancelDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* Under an empty form (a plain confirmation) the margin collapses into the header's. */}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={cancelDisabled}>
            {cancelLabel ?? t('ui.cancel')}
          </Button>
        </DialogClose>
        {children}
      </DialogFooter>
    </>
  );
}
