import { Input } from '../../../components/ui/input.tsx';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import type { SlugState } from './use-slug-availability.ts';

const STATUS: Record<SlugState, { text: MessageKey; tone: string } | null> = {
  empty: null,
  unchanged: { text: 'org.slug.unchanged', tone: 'text-muted-foreground' },
  checking: { text: 'org.slug.checking', tone: 'text-muted-foreground' },
  available: { text: 'org.slug.available', tone: 'text-green-700 dark:text-green-400' },
  taken: { text: 'org.slug.taken', tone: 'text-destructive' },
  error: { text: 'org.slug.error', tone: 'text-muted-foreground' },
};

/** The slug input with its live availability underneath, announced politely as it changes. */
export function SlugField({
  id,
  value,
  onChange,
  state,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  state: SlugState;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const status = STATUS[state];
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('org.slug.label')}
      </label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={state === 'taken' || undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        disabled={disabled}
        required
      />
      <p id={`${id}-status`} aria-live="polite" className={`min-h-4 text-xs ${status?.tone ?? ''}`}>
        {t(status?.text ?? 'org.slug.hint')}
      </p>
    </div>
  );
}
