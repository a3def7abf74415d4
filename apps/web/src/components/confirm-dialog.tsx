import type { ReactElement, ReactNode } from 'react';
import { useId, useState } from 'react';
import { DialogActions } from './dialog-actions.tsx';
import { TypedConfirmationField, typedTextMatches } from './typed-confirmation-field.tsx';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog.tsx';

/** The parts of a TanStack mutation the dialog drives; the caller keeps what happens on success. */
export interface ConfirmAction {
  mutate: () => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  action: ConfirmAction;
  /** Turns the server's refusal into words for this feature. */
  errorMessage: (error: unknown) => string;
  /** When set, the action waits until this text is typed (for what cannot be undone). */
  typedConfirmation?: { text: string; ignoreCase?: boolean };
  /** Given by callers whose success closes the dialog; otherwise it keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Confirms a destructive action: the button shows the request pending, and a refusal from the
 * server stays in the dialog. Closing forgets the refusal and the typed text, so reopening starts
 * clean.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  action,
  errorMessage,
  typedConfirmation,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const formId = useId();
  const confirmed =
    !typedConfirmation || typedTextMatches(typed, typedConfirmation.text, typedConfirmation.ignoreCase);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) {
          setTyped('');
          action.reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {typedConfirmation && (
          // A form so that Enter in the field confirms, once the text matches.
          <form
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmed) action.mutate();
            }}
          >
            <TypedConfirmationField text={typedConfirmation.text} value={typed} onChange={setTyped} />
          </form>
        )}
        <DialogActions error={action.isError ? errorMessage(action.error) : null} cancelLabel={cancelLabel}>
          {typedConfirmation ? (
            <Button
              type="submit"
              form={formId}
              variant="destructive"
              disabled={!confirmed}
              pending={action.isPending}
            >
              {confirmLabel}
            </Button>
          ) : (
            <Button variant="destructive" pending={action.isPending} onClick={() => action.mutate()}>
              {confirmLabel}
            </Button>
          )}
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
