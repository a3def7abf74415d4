import type { ResolvedOptions } from '../../options.ts';
import { REMEMBERED_SESSIONS } from '../../session/cookie-verifier.ts';
import { type User, userFromRow, userToJson } from '../../user/user.ts';
import { BoundedMap } from '../../util/bounded-map.ts';
import { isSameRow, type RememberedRow, remember } from '../../util/remembered-row.ts';
import { type ApiKeyRow, PREFIXED, rowFromDatabase } from './api-key-row.ts';

/** A presented key's row and its owner as a request works with them. */
export interface DecodedKey {
  readonly row: ApiKeyRow;
  /** A personal key's owner; undefined for an organization key, or a personal key whose owner is gone. */
  readonly owner: User | undefined;
  /** The owner as the get-session answer's `user`, serialised. */
  readonly ownerJson: string | undefined;
}

/**
 * The key-and-owner row every `x-api-key` request reads (`findApiKeyByHash`) is, between two uses
 * that move a counter, the same row each time; decoding it (a dozen dates and numbers, the owner's
 * fields) and serialising the owner cost about as much again as the read
 * (`npm run bench:profile -- "get-session (cookie cache off) (x-api-key)"`). As for cookie sessions
 * (`session/decoded-sessions.ts`), a row identical to the one decoded last for its hash decodes to
 * the same objects, so those are reused; the row itself is still read on every use, so a change to
 * the key or its owner is seen at once. The objects are shared by the requests of one key, so they
 * are frozen, and the grant bound to the owner (`access/key-grant.ts`) is always this row's.
 */
export class DecodedKeys {
  readonly #entries = new BoundedMap<string, RememberedRow<DecodedKey>>(REMEMBERED_SESSIONS);

  constructor(private readonly options: ResolvedOptions) {}

  decode(hash: string, row: Record<string, unknown>): DecodedKey {
    const known = this.#entries.get(hash);
    if (known !== undefined && isSameRow(known, row)) return known.decoded;
    const decoded = this.#decodeRow(row);
    this.#entries.set(hash, remember(row, decoded));
    return decoded;
  }

  #decodeRow(row: Record<string, unknown>): DecodedKey {
    const key = Object.freeze(rowFromDatabase(row, PREFIXED));
    if (row.id == null) return Object.freeze({ row: key, owner: undefined, ownerJson: undefined });
    const fields = this.options.additionalFields;
    const owner = userFromRow(row, fields);
    Object.freeze(owner.additional);
    Object.freeze(owner);
    return Object.freeze({ row: key, owner, ownerJson: JSON.stringify(userToJson(owner, fields)) });
  }
}

const engines = new WeakMap<ResolvedOptions, DecodedKeys>();

/** The engine's remembered keys (one per engine: its resolved options are its own object). */
export function decodedKeysOf(options: ResolvedOptions): DecodedKeys {
  const known = engines.get(options);
  if (known) return known;
  const keys = new DecodedKeys(options);
  engines.set(options, keys);
  return keys;
}
