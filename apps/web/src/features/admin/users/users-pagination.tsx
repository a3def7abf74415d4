import { Button } from '../../../components/ui/button.tsx';
import { PAGE_SIZE, rangeLabel } from './list-state.ts';

interface UsersPaginationProps {
  /** The page asked for; Previous and Next move from it. */
  page: number;
  /** Where the rows on screen start: while the next page loads, they are still the previous one's. */
  offset: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}

/** "21–40 of 45" with Previous and Next; the range is announced when it changes. */
export function UsersPagination({ page, offset, shown, total, onPage }: UsersPaginationProps) {
  const hasNext = (page + 1) * PAGE_SIZE < total;
  return (
    <nav aria-label="Pages of users" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {rangeLabel(offset, shown, total)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <span aria-hidden>←</span> Previous
        </Button>
        <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next <span aria-hidden>→</span>
        </Button>
      </div>
    </nav>
  );
}
