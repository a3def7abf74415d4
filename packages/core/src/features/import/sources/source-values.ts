/** Cell and field readers the sources share. */

/** `true`/`false`/`1`/`0`/empty (= false); anything else is undefined (docs/protocol/import.md#56-generic-csv-decision). */
export function booleanCell(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  return undefined;
}

/**
 * A creation time: epoch milliseconds (a number, or digits as text) or ISO 8601 text; null when
 * absent, undefined when present but not a time.
 */
export function timeValue(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const at =
    typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
      ? new Date(Number(value))
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
        ? new Date(value)
        : undefined;
  // Both databases and ISO text hold years 0000–9999 only; before 1970 is no account's creation.
  return at && at.getTime() >= 0 && at.getTime() <= LATEST ? at : undefined;
}

const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A text field of a JSON object, or null when absent or not text. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A JSON object field, or null when absent or not an object. */
export const object = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A JSON array field, or an empty list. */
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** `first last`, either alone, or null when both are empty. */
export function fullName(first: string | null, last: string | null): string | null {
  const joined = [first, last]
    .filter((part) => part && part.trim() !== '')
    .join(' ')
    .trim();
  return joined === '' ? null : joined;
}

/**
 * A whole-file JSON document, or the message saying where it breaks
 * (docs/protocol/import.md#7-error-catalogue-decision: `not valid JSON at line L column C`).
 */
export function parseJsonFile(
  content: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content) };
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    const offset = position ? Number(position[1]) : content.length;
    const before = content.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { ok: false, message: `not valid JSON at line ${line} column ${column}` };
  }
}
