import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { errorMessage } from '../../../../lib/error-messages.ts';
import type { CodeEntry } from '../../../../lib/use-code-entry.ts';

/** The first code of a new factor, typed to prove it works; Cancel leaves the set-up. */
export function CodeConfirmForm<Result>({
  entry,
  label,
  canSubmit = true,
  onCancel,
}: {
  entry: CodeEntry<Result>;
  label: string;
  canSubmit?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={entry.submit} className="space-y-4">
      {entry.formError !== null && <Alert tone="error">{errorMessage(entry.formError, t)}</Alert>}
      <Field label={label} error={entry.fieldError ? t(entry.fieldError) : undefined}>
        <Input
          ref={entry.inputRef}
          value={entry.code}
          onChange={(event) => entry.setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          className="sm:max-w-48"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={entry.mutation.isPending} disabled={!canSubmit}>
          {t('security.tf.confirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
