import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  error: 'border-destructive text-destructive',
  info: 'border-border text-foreground',
  success: 'border-green-600 text-green-700 dark:text-green-400',
} as const;

/** A message inside the page; errors are announced at once (role=alert), others politely. */
export function Alert({
  tone = 'info',
  className,
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div
      data-slot="alert"
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-3 py-2 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
