import type { AdditionalFields } from '../user/additional-fields.ts';
import { type User, userFromRow, userToJson } from '../user/user.ts';
import { BoundedMap } from '../util/bounded-map.ts';
import { REMEMBERED_SESSIONS } from './cookie-verifier.ts';
import { type SessionWithUserRow, splitSessionRow } from './session.repository.ts';
import { type Session, sessionFromRow, sessionToJson } from './session.ts';

/** A joined session-and-user row as a request works with it, and get-session's answer for it. */
export interface DecodedSession {
  readonly session: Session;
  readonly user: User;
  /** `{ session, user }` serialised: the get-session answer. */
  readonly body: string;
}

interface Entry {
  row: SessionWithUserRow;
  columns: number;
  decoded: DecodedSession;
}

/**
 * Without the cookie cache, every request that needs a session reads its row, and most reads find
 * the same row the last read of that token found. Decoding it (splitting the join, parsing three
 * dates and converting the user's fields) and serialising get-session's answer cost about as much
 * as the read itself (`npm run bench:profile -- "get-session (cookie cache off)"`). A row whose
 * every column holds the same value as the row decoded last for its token decodes to the same
 * thing, so that is reused. The row is still read on every request: expiry, revocation and any
 * change to it are seen exactly as before. The decoded objects are shared by the requests that
 * read them, so they are frozen.
 */
export class DecodedSessions {
  readonly #entries = new BoundedMap<string, Entry>(REMEMBERED_SESSIONS);

  constructor(
    private readonly sessionColumns: readonly string[],
    private readonly fields: AdditionalFields,
  ) {}

  decode(token: string, row: SessionWithUserRow): DecodedSession {
    const known = this.#entries.get(token);
    if (known !== undefined && sameRow(known, row)) return known.decoded;
    const decoded = decodeSessionRow(row, this.sessionColumns, this.fields);
    this.#entries.set(token, { row, columns: countColumns(row), decoded });
    return decoded;
  }
}

/**
 * The same columns holding the same values (`===`: a Date or NaN never matches, and is decoded again),
 * in one pass over the new row: each of its columns was in the old one, and there are as many.
 */
function sameRow(known: Entry, next: SessionWithUserRow): boolean {
  const before: Record<string, unknown> = known.row;
  const row: Record<string, unknown> = next;
  let count = 0;
  for (const column in row) {
    // A column the old row lacked reads as undefined there, which no database value is.
    if (row[column] !== before[column]) return false;
    count++;
  }
  return count === known.columns;
}

function countColumns(row: SessionWithUserRow): number {
  let count = 0;
  for (const _ in row) count++;
  return count;
}

/** What `resolveSession` made of every row before rows were remembered. */
export function decodeSessionRow(
  row: SessionWithUserRow,
  sessionColumns: readonly string[],
  fields: AdditionalFields,
): DecodedSession {
  const parts = splitSessionRow(row, sessionColumns);
  const session = Object.freeze(sessionFromRow(parts.session));
  const user = userFromRow(parts.user, fields);
  Object.freeze(user.additional);
  Object.freeze(user);
  const body = JSON.stringify({ session: sessionToJson(session), user: userToJson(user, fields) });
  return Object.freeze({ session, user, body });
}
