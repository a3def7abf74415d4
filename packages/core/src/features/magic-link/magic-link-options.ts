import type { CoreOptions } from '../../options.ts';

/**
 * `magicLink` in the engine options (docs/protocol/passwordless.md#1-magic-link). An object turns
 * the feature on (the product's `MAGIC_LINK` setting fills it); `false` or leaving it out keeps it
 * off: no `/sign-in/magic-link` nor `/magic-link/*` route. It needs a mailer.
 */
export interface MagicLinkOptions {
  /** Seconds a link, and the code in its message, stay usable; default 300. */
  expiresIn?: number;
}

export interface ResolvedMagicLink {
  expiresIn: number;
}

export function resolveMagicLink(
  options: MagicLinkOptions | false | undefined,
  core: Pick<CoreOptions, 'mailer'>,
): ResolvedMagicLink | undefined {
  if (!options) return undefined;
  const expiresIn = options.expiresIn ?? 300;
  if (!Number.isSafeInteger(expiresIn) || expiresIn <= 0)
    throw new Error(`magicLink.expiresIn must be a whole number of seconds above 0, got ${expiresIn}`);
  if (!core.mailer) throw new Error('magicLink needs a mailer: the link is sent by email');
  return { expiresIn };
}
