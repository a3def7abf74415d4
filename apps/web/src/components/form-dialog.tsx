import type { FormEvent, ReactElement, ReactNode } from 'react';
import { createContext, useContext, useId, useState } from 'react';
import { useTranslation } from '../i18n/language.ts';
import { DialogActions } from './dialog-actions.tsx';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog.tsx';

/*
 * A dialog that asks for something and sends it, in three pieces:
 *
 *   <FormDialog trigger title description …>     the shell: trigger, title, open state, reset on close
 *     <DialogNotice>…</DialogNotice>              optional, above the fields
 *     <DialogForm onSubmit={…}>fields</DialogForm> the form; Enter in a field submits
 *     <FormActions submitLabel pending error …/>  the refusal, Cancel and the submit button
 *   </FormDialog>
 *
 * A final answer replaces the form (`{done ? <p>…</p> : <DialogForm>…}`) and FormActions with
 * `closeOnly`. The pieces find their form and the lock through the shell.
 */

const FormDialogContext = createContext<{ formId: string; locked: boolean }>({ formId: '', locked: false });

interface FormDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Given by callers whose success closes the dialog; otherwise it keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** What closing forgets (the typed values, the mutation's answer), so reopening starts clean. */
  resets?: readonly ({ reset: () => void } | undefined)[];
  /**
   * For requests after which the page goes away: while true the dialog cannot be left (Cancel,
   * Escape and ✕ do nothing) and the submit button stays pending.
   */
  locked?: boolean;
  /** Classes for the dialog box, e.g. a wider one. */
  className?: string;
  children: ReactNode;
}

/** The shell: trigger, title and description, open state, and what closing resets. */
export function FormDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  resets = [],
  locked = false,
  className,
  children,
}: FormDialogProps) {
  const formId = useId();
  const [ownOpen, setOwnOpen] = useState(false);
  return (
    <Dialog
      open={open ?? ownOpen}
      onOpenChange={(next) => {
        if (!next && locked) return;
        setOwnOpen(next);
        onOpenChange?.(next);
        if (!next) for (const each of resets) each?.reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormDialogContext.Provider value={{ formId, locked }}>{children}</FormDialogContext.Provider>
      </DialogContent>
    </Dialog>
  );
}

/** Shown above the fields, e.g. that the person may carry on after confirming it is them. */
export function DialogNotice({ children }: { children: ReactNode }) {
  return <div className="mb-4">{children}</div>;
}

/** The fields, in the form the submit button sends. */
export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const { formId } = useContext(FormDialogContext);
  return (
    <form
      id={formId}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      {children}
    </form>
  );
}

interface FormActionsProps {
  /** The server's refusal in words, shown above the buttons. */
  error?: string | null;
  cancelLabel?: string;
  submitLabel?: ReactNode;
  destructive?: boolean;
  /** False keeps the submit button off, e.g. until a required field has text. */
  canSubmit?: boolean;
  /** The request is running: the submit button shows it. */
  pending?: boolean;
  /** After the final answer: no submit button, and Cancel reads Close. */
  closeOnly?: boolean;
}

/** The end of the dialog: the server's refusal, Cancel, and the submit button of its form. */
export function FormActions({
  error,
  cancelLabel,
  submitLabel,
  destructive,
  canSubmit = true,
  pending,
  closeOnly,
}: FormActionsProps) {
  const { t } = useTranslation();
  const { formId, locked } = useContext(FormDialogContext);
  return (
    <DialogActions
      error={error}
      cancelLabel={closeOnly ? t('ui.close') : cancelLabel}
      cancelDisabled={locked}
    >
      {!closeOnly && (
        <Button
          type="submit"
          form={formId}
          variant={destructive ? 'destructive' : 'primary'}
          disabled={!canSubmit}
          pending={locked || pending}
        >
          {submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
