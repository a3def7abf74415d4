import type { z } from 'zod';
import { hasControlCharacter } from './control-characters.ts';

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed';

/**
 * A one-line value (a name, slug, id, email, URL or token) refuses tab and line breaks as well as
 * the control characters every request refuses (`control-characters.ts`).
 */
export function oneLine<T extends z.ZodString>(schema: T): T {
  return schema.refine((text) => !hasControlCharacter(text, false), {
    message: CONTROL_CHARACTER_MESSAGE,
    params: { kind: 'control_character' },
  });
}
