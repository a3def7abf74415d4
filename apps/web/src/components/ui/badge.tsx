import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  neutral: 'border-border bg-muted text-muted-foreground',
  info: 'border-primary/40 bg-primary/10 text-primary',
  success: 'border-green-600/40 bg-green-600/10 text-green-800 dark:text-green-400',
  warning: 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
} as const;

/** A short status word next to something (Verified, This device). */
export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      data-slot="badge"
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
