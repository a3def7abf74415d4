import { Input } from '../../../components/ui/input.tsx';
import type { SlugState } from './use-slug-availability.ts';

const STATUS: Record<SlugState, { text: string; tone: string } | null> = {
  empty: null,
  unchanged: { text: 'This is the current slug.', tone: 'text-muted-foreground' },
  checking: { text: 'Checking whether it is free…', tone: 'text-muted-foreground' },
  available: { text: 'This slug is free.', tone: 'text-green-700 dark:text-green-400' },
  taken: { text: 'Another organization already uses this slug.', tone: 'text-destructive' },
  error: { text: 'We could not check this slug. You can still try to save.', tone: 'text-muted-foreground' },
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
  const status = STATUS[state];
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        Slug
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
        {status?.text ?? 'A short name for addresses, like acme.'}
      </p>
    </div>
  );
}
