import { type Translate, translateNow, useTranslation } from '../i18n/language.ts';
import { Button } from './ui/button.tsx';

interface PaginationProps {
  /** What is paged, for the landmark's name: "Pages of users". */
  label: string;
  /** The page asked for; Previous and Next move from it. */
  page: number;
  pageSize: number;
  /** Where the rows on screen start: while the next page loads, they are still the previous one's. */
  offset: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}

/** "21–40 of 45" with Previous and Next; the range is announced when it changes. */
export function Pagination({ label, page, pageSize, offset, shown, total, onPage }: PaginationProps) {
  const { t } = useTranslation();
  const hasNext = (page + 1) * pageSize < total;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {rangeLabel(offset, shown, total, t)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <span aria-hidden>←</span> {t('ui.previous')}
        </Button>
        <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          {t('ui.next')} <span aria-hidden>→</span>
        </Button>
      </div>
    </nav>
  );
}

/** "21–40 of 45" for the rows from `offset`; an empty list says so in words instead. */
export function rangeLabel(
  offset: number,
  shown: number,
  total: number,
  t: Translate = translateNow,
): string {
  if (shown === 0) return t('ui.rangeEmpty', { total });
  return t('ui.range', { from: offset + 1, to: offset + shown, total });
}
