import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { DialogForm, DialogNotice, FormActions, FormDialog } from '../../../../components/form-dialog.tsx';
import { ResumedNotice } from '../../../../components/resumed-notice.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { passkeyErrorMessage } from '../../../../lib/passkeys.ts';
import { useResumedForm } from '../../../../lib/pending-reauth.ts';

/** The server's limit for a passkey's name (packages/core/src/features/passkey/README.md). */
const MAX_NAME = 256;

interface PasskeyNameDialogProps {
  trigger: ReactElement;
  title: string;
  description: string;
  submitLabel: string;
  /** The name the field starts with each time the dialog opens. */
  initialName: () => string;
  run: (name: string) => Promise<unknown>;
  onDone: () => void;
  /** Calls after whose confirmation with a provider the dialog opens again (lib/pending-reauth.ts). */
  resumes?: readonly string[];
}

/** Asks for a passkey's name, then runs what needs it: adding a passkey, or renaming one. */
export function PasskeyNameDialog({
  trigger,
  title,
  description,
  submitLabel,
  initialName,
  run,
  onDone,
  resumes = [],
}: PasskeyNameDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [resumed, setResumed] = useState(false);
  useResumedForm(resumes, () => {
    setName(initialName());
    setResumed(true);
    setOpen(true);
  });
  const action = useMutation({
    mutationFn: () => run(name.trim()),
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
  });
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      open={open}
      onOpenChange={(next) => {
        if (next) setName(initialName());
        setResumed(false);
        setOpen(next);
      }}
      resets={[{ reset: () => setName('') }, action]}
    >
      {resumed && (
        <DialogNotice>
          <ResumedNotice />
        </DialogNotice>
      )}
      <DialogForm
        onSubmit={() => {
          if (name.trim() !== '') action.mutate();
        }}
      >
        <Field label={t('passkey.name')}>
          <Input
            value={name}
            maxLength={MAX_NAME}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
      </DialogForm>
      <FormActions
        error={action.isError ? passkeyErrorMessage(action.error, t) : null}
        cancelLabel={t('common.cancel')}
        submitLabel={submitLabel}
        canSubmit={name.trim() !== ''}
        pending={action.isPending}
      />
    </FormDialog>
  );
}
