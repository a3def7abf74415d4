import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      data-slot="card"
      className={cn('rounded-lg border border-border bg-card p-6 shadow-sm', className)}
      {...props}
    />
  );
}

function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('mb-4 space-y-1', className)} {...props} />;
}

/** A card's heading: an h2 inside a page, or the page's one h1 when the card is the whole page. */
function CardTitle({ as: Heading = 'h2', className, ...props }: ComponentProps<'h2'> & { as?: 'h1' | 'h2' }) {
  return <Heading data-slot="card-title" className={cn('text-lg font-semibold', className)} {...props} />;
}

function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export { Card, CardDescription, CardHeader, CardTitle };
