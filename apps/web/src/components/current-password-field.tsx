import { useTranslation } from '../i18n/language.ts';
import { Field } from './ui/field.tsx';
import { PasswordInput } from './ui/password-input.tsx';

/** The signed-in person's own password, asked again to confirm something; `wrong` after a refusal. */
export function CurrentPasswordField({
  value,
  onChange,
  wrong,
}: {
  value: string;
  onChange: (value: string) => void;
  wrong: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('reauth.password')} error={wrong ? t('reauth.wrongPassword') : undefined}>
      <PasswordInput
        autoComplete="current-password"
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
