import { type ComponentProps, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type AvatarProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Image URL; empty, or an image that fails to load, shows the initials instead. */
  src?: string | null;
  /** Whose picture it is: the initials come from it. */
  name: string;
  /** Text for screen readers; empty (the default) when the name is already shown beside it. */
  alt?: string;
};

/** A round picture, or the person's initials when there is no usable picture. */
export function Avatar({ src, name, alt = '', className, ...props }: AvatarProps) {
  // Remembering which URL failed (rather than a flag) lets a new URL try again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = src && src !== failedSrc ? src : null;
  return (
    <span
      data-slot="avatar"
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted font-medium text-muted-foreground select-none',
        className,
      )}
      {...props}
    >
      {image ? (
        <img
          src={image}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(image)}
        />
      ) : (
        <span>{initials(name)}</span>
      )}
    </span>
  );
}

/** Up to two letters: the first of the first and last words ("Ada King Lovelace" → "AL"). */
export function initials(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (first === undefined) return '?';
  const last = rest.at(-1);
  return (firstLetter(first) + (last === undefined ? '' : firstLetter(last))).toUpperCase();
}

/** By code point, so a letter outside the BMP (an emoji, say) is not cut in half. */
const firstLetter = (word: string) => Array.from(word)[0] ?? '';
