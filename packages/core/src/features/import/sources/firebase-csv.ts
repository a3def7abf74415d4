import { readCsv } from '../csv-reader.ts';
import { booleanCell } from './source-values.ts';

/**
 * One user of `firebase auth:export users.csv`, in the field names of the JSON form, so that one
 * mapping serves both (docs/protocol/import.md#54-firebase). `emailVerified` stays text when the
 * cell is neither true nor false, for the mapping to report.
 */
export interface FirebaseCsvUser {
  line: number;
  /** Why the row is not well-formed CSV, if it is not. */
  malformed: string | null;
  user: Record<string, unknown>;
}

/** The provider groups of the CSV form, in column order: id, email, display name, photo URL each. */
const PROVIDER_GROUPS = [
  ['google.com', 7],
  ['facebook.com', 11],
  ['twitter.com', 15],
  ['github.com', 19],
] as const;
const CREATED_AT = 23;
const LAST_SIGNED_IN_AT = 24;

/**
 * The CSV form has no header: its columns are fixed by position. Cells past the documented ones
 * are ignored, so a newer export with more columns still reads.
 */
export function* readFirebaseCsv(content: string): Generator<FirebaseCsvUser> {
  for (const row of readCsv(content)) {
    if ('error' in row) {
      yield { line: row.line, malformed: `malformed CSV: ${row.error}`, user: {} };
      continue;
    }
    const cell = (index: number) => row.cells[index] ?? '';
    const verified = booleanCell(cell(2));
    yield {
      line: row.line,
      malformed: null,
      user: {
        localId: cell(0),
        email: cell(1),
        emailVerified: verified ?? cell(2),
        passwordHash: cell(3),
        salt: cell(4),
        displayName: cell(5),
        photoUrl: cell(6),
        providerUserInfo: PROVIDER_GROUPS.flatMap(([providerId, at]) =>
          cell(at) === '' ? [] : [{ providerId, rawId: cell(at) }],
        ),
        createdAt: cell(CREATED_AT),
        lastSignedInAt: cell(LAST_SIGNED_IN_AT),
      },
    };
  }
}
