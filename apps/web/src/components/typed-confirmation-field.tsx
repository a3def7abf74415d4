import { useId } from 'react';
import { useTranslation } from '../i18n/language.ts';
import { RichText } from './rich-text.tsx';
import { Input } from './ui/input.tsx';

/** Whether what was typed is the text asked for; surrounding spaces never count against it. */
export function typedTextMatches(typed: string, text: string, ignoreCase = false): boolean {
  const trimmed = typed.trim();
  return ignoreCase ? trimmed.toLowerCase() === text.toLowerCase() : trimmed === text;
}

/**
 * "Type X to confirm": for actions that cannot be undone, so a stray click or Enter is not enough.
 * Browser helpers are off because the point is to type the text, not to have it filled in.
 */
export function TypedConfirmationField({
  text,
  value,
  onChange,
}: {
  text: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        <RichText
          text={t('ui.typeToConfirm')}
          values={{ text: <span className="font-mono wrap-anywhere select-all">{text}</span> }}
        />
      </label>
      <Input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
      />
    </div>
  );
}
