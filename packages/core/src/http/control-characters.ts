/**
 * Which characters text input may hold (docs/api.md#bad-input). Every string of
 * every request — body and query values and keys at any depth, path parameters — refuses the C0
 * controls and DEL, except tab, line feed and carriage return, which free text (a ban reason, a
 * password, metadata) may legitimately hold. One-line values (names, slugs, ids, emails, URLs,
 * tokens) refuse those three as well; their shared schemas say so with `oneLine`.
 * PostgreSQL text cannot hold NUL at all, so without this rule the same input was stored by SQLite
 * and answered 500 by PostgreSQL.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/** Whether a string holds a control character; `allowLineBreaks` lets tab, LF and CR through. */
export function hasControlCharacter(text: string, allowLineBreaks: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DELETE) return true;
    if (code >= 0x20) continue;
    if (allowLineBreaks && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}
