import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { DialogForm, FormActions, FormDialog } from './form-dialog.tsx';
import { TypedConfirmationField, typedTextMatches } from './typed-confirmation-field.tsx';

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
  const confirmed =
    !typedConfirmation || typedTextMatches(typed, typedConfirmation.text, typedConfirmation.ignoreCase);
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
      resets={[{ reset: () => setTyped('') }, action]}
    >
      {/* Enter in the typed-confirmation field confirms too, once the text matches. */}
      <DialogForm
        onSubmit={() => {
          if (confirmed) action.mutate();
        }}
      >
        {typedConfirmation && (
          <TypedConfirmationField text={typedConfirmation.text} value={typed} onChange={setTyped} />
        )}
      </DialogForm>
      <FormActions
        error={action.isError ? errorMessage(action.error) : null}
        cancelLabel={cancelLabel}
        submitLabel={confirmLabel}
        destructive
        canSubmit={confirmed}
        pending={action.isPending}
      />
    </FormDialog>
  );
}
