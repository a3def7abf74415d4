import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/language.ts';

/** The team's name as a field, in place of its heading, with Save and Cancel beside it. */
export function RenameTeamForm({
  teamName,
  name,
  onNameChange,
  pending,
  onSave,
  onCancel,
}: {
  /** The current name, for the field's label. */
  teamName: string;
  name: string;
  onNameChange: (name: string) => void;
  pending: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <form
      noValidate
      className="flex flex-1 flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSave();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('team.newName', { name: teamName })}
      </label>
      <Input
        id={inputId}
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        className="max-w-xs"
      />
      <Button type="submit" pending={pending} disabled={!name.trim()}>
        {t('team.save')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('team.cancel')}
      </Button>
    </form>
  );
}
