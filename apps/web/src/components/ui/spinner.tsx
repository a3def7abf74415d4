import { useTranslation } from '../../i18n/language.ts';

/** A loading indicator with a label for screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label ?? t('ui.loading')}
    </div>
  );
}
