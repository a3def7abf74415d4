import { AuthError } from '../errors.ts';
import { hasControlCharacter } from './control-characters.ts';
import { CONTROL_CHARACTER_MESSAGE } from './one-line.ts';
import type { IssueKind } from './validation-issue.ts';

/**
 * Decodes the percent-encoded path parameters the router captured. A parameter that does not
 * decode (a truncated or invalid UTF-8 sequence such as `%E0%A4%A`) is bad input: 400
 * `VALIDATION_ERROR` "Invalid path parameters", like a query or body that fails its schema; so is
 * one holding a control character (params are one-line tokens and ids: `one-line.ts`).
 */
export function decodePathParams(raw: Record<string, string>): Record<string, string> {
  // Static routes share one empty, frozen object: nothing to decode.
  if (Object.isFrozen(raw)) return raw;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      throw invalidParam(name, 'Malformed percent-escape', 'malformed');
    }
    if (hasControlCharacter(decoded, false))
      throw invalidParam(name, CONTROL_CHARACTER_MESSAGE, 'control_character');
    params[name] = decoded;
  }
  return params;
}

const invalidParam = (name: string, message: string, kind: IssueKind): AuthError =>
  new AuthError('VALIDATION_ERROR', {
    params: { where: 'path' },
    details: { issues: [{ path: `path.${name}`, message, kind }] },
  });
