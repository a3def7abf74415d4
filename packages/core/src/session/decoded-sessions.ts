import type { AdditionalFields } from '../user/additional-fields.ts';
import { type User, userFromRow, userToJson } from '../user/user.ts';
import { BoundedMap } from '../util/bounded-map.ts';
import { isSameRow, type RememberedRow, remember } from '../util/remembered-row.ts';
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
  readonly #entries = new BoundedMap<string, RememberedRow<DecodedSession>>(REMEMBERED_SESSIONS);

  constructor(
    private readonly sessionColumns: readonly string[],
    private readonly fields: AdditionalFields,
  ) {}

  decode(token: string, row: SessionWithUserRow): DecodedSession {
    const known = this.#entries.get(token);
    if (known !== undefined && isSameRow(known, row)) return known.decoded;
    const decoded = decodeSessionRow(row, this.sessionColumns, this.fields);
    this.#entries.set(token, remember(row, decoded));
    return decoded;
  }
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
