import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A native select styled like Input: the platform's own picker is the most usable one on phones and
 * with screen readers. Works inside Field (it receives id and aria wiring) and with react-hook-form.
 * Props go to the <select>; `className` sizes the whole control (the arrow stays at its edge).
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="select" className={cn('relative', className)}>
      <select
        className={cn(
          'block min-h-10 w-full appearance-none rounded-md border border-border bg-card py-2 pr-9 pl-3 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
        )}
        {...props}
      >
        {children}
      </select>
      <svg
        viewBox="0 0 16 16"
        aria-hidden
        fill="none"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      >
        <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      </svg>
    </div>
  );
}
