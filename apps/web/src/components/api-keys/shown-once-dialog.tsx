import type { CreatedApiKey } from '@gatehouse/client';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { FormActions, FormDialog } from '../form-dialog.tsx';
import { NewKeyShown } from './new-key-shown.tsx';

/** The parts of the mutation whose one answer holds a key (create's, rotate's). */
export interface KeyAnswer {
  data: CreatedApiKey | undefined;
  isPending: boolean;
  reset: () => void;
}

interface ShownOnceDialogProps {
  trigger: ReactElement;
  /** What the dialog asks before the key exists. */
  title: ReactNode;
  description: ReactNode;
  action: KeyAnswer;
  /** The asking step's form (a DialogForm), replaced by the key once it is answered. */
  children: ReactNode;
  /** What else closing forgets, besides the answer. */
  resets?: readonly { reset: () => void }[];
  /** A refusal in words, shown above the buttons. */
  error: string | null;
  submitLabel: ReactNode;
  canSubmit?: boolean;
  destructive?: boolean;
}

/**
 * Asks, then shows the key the server answered, once, in the same dialog (docs/protocol/api-key-client.md#the-key-object).
 * While the request runs the dialog cannot be left, else its one answer would be lost; closing
 * resets the mutation, so nothing keeps the key afterwards.
 */
export function ShownOnceDialog({
  trigger,
  title,
  description,
  action,
  children,
  resets = [],
  error,
  submitLabel,
  canSubmit,
  destructive,
}: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const shown = action.data;
  return (
    <FormDialog
      trigger={trigger}
      title={shown ? t('apiKey.shownTitle') : title}
      description={
        shown ? t('apiKey.shownExplain', { name: shown.name || t('apiKey.unnamed') }) : description
      }
      locked={action.isPending}
      resets={[...resets, action]}
    >
      {shown ? <NewKeyShown secret={shown.key} /> : children}
      <FormActions
        error={shown ? null : error}
        cancelLabel={t('common.cancel')}
        submitLabel={submitLabel}
        destructive={destructive}
        canSubmit={canSubmit}
        pending={action.isPending}
        closeOnly={shown !== undefined}
      />
    </FormDialog>
  );
}
