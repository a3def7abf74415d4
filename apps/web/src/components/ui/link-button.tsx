import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:opacity-90',
  secondary: 'border border-border bg-card text-foreground hover:bg-muted',
} as const;

/** A router link that looks like a Button: for navigation, where a <button> would be wrong. */
export function LinkButton({
  variant = 'primary',
  className,
  ...props
}: LinkProps & { variant?: keyof typeof variants }) {
  return (
    <Link
      data-slot="link-button"
      className={cn(
        'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
