/**
 * A database row remembered with what was made of it, so a later read that finds the very same
 * row can reuse that instead of decoding it again (`session/decoded-sessions.ts`,
 * `features/api-key/decoded-keys.ts`). The row is still read every time: only its decoding is saved.
 */
export interface RememberedRow<Decoded> {
  readonly row: Readonly<Record<string, unknown>>;
  readonly columns: number;
  readonly decoded: Decoded;
}

export function remember<Decoded>(row: Record<string, unknown>, decoded: Decoded): RememberedRow<Decoded> {
  let columns = 0;
  for (const _ in row) columns++;
  return { row, columns, decoded };
}

/**
 * The same columns holding the same values (`===`: a Date or NaN never matches, and is decoded again),
 * in one pass over the new row: each of its columns was in the old one, and there are as many.
 */
export function isSameRow(known: RememberedRow<unknown>, next: Readonly<Record<string, unknown>>): boolean {
  const before = known.row;
  let count = 0;
  for (const column in next) {
    // A column the old row lacked reads as undefined there, which no database value is.
    if (next[column] !== before[column]) return false;
    count++;
  }
  return count === known.columns;
}
