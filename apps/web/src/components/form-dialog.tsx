import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useId, useState } from 'react';
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

/** What the dialog reads of a TanStack mutation: whether it runs, and how to forget its answer. */
export interface DialogMutation {
  isPending: boolean;
  reset: () => void;
}

interface FormDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Given by callers whose success closes the dialog; otherwise it keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The request the dialog sends: it shows pending on the submit button. */
  mutation?: DialogMutation;
  /** What was typed. Closing resets it and the mutation, so reopening starts clean. */
  form?: { reset: () => void };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  destructive?: boolean;
  /** False keeps the submit button off, e.g. until a required field has text. */
  canSubmit?: boolean;
  /** The server's refusal in words, shown above the buttons. */
  error?: string | null;
  cancelLabel?: string;
  /**
   * For requests after which the page goes away: while true the dialog cannot be left (Cancel,
   * Escape and ✕ do nothing) and the submit button stays pending.
   */
  locked?: boolean;
  /** The final answer, shown instead of the form and its submit button; Cancel then reads Close. */
  outcome?: ReactElement;
  /** Shown above the fields, e.g. that the person may carry on after confirming it is them. */
  notice?: ReactNode;
  /** Classes for the dialog box, e.g. a wider one. */
  className?: string;
  /** The fields. Enter in one of them submits. */
  children?: ReactNode;
}

/**
 * A dialog that asks for something and sends it: trigger, title and description, the fields in
 * a form, the server's refusal, and Cancel beside a submit button that shows the request pending.
 */
export function FormDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  mutation,
  form,
  onSubmit,
  submitLabel,
  destructive,
  canSubmit = true,
  error,
  cancelLabel,
  locked = false,
  outcome,
  notice,
  className,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [ownOpen, setOwnOpen] = useState(false);
  return (
    <Dialog
      open={open ?? ownOpen}
      onOpenChange={(next) => {
        if (!next && locked) return;
        setOwnOpen(next);
        onOpenChange?.(next);
        if (!next) {
          form?.reset();
          mutation?.reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {notice && <div className="mb-4">{notice}</div>}
        {outcome ?? (
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
        )}
        <DialogActions
          error={error}
          cancelLabel={outcome ? t('ui.close') : cancelLabel}
          cancelDisabled={locked}
        >
          {!outcome && (
            <Button
              type="submit"
              form={formId}
              variant={destructive ? 'destructive' : 'primary'}
              disabled={!canSubmit}
              pending={locked || mutation?.isPending}
            >
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
