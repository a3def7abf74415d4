import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A multi-line Input; same look, same Field wiring. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'block min-h-20 w-full rounded-md border border-border bg-card px-3 py-2 text-sm text-foreground',
        'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
