import { decodeSignedValue } from '../http/signed-cookie.ts';
import type { AdditionalFields } from '../user/additional-fields.ts';
import type { User } from '../user/user.ts';
import { userFromJson } from '../user/user.ts';
import { BoundedMap } from '../util/bounded-map.ts';
import { type VerifiedCache, verifyCookieCache } from './cookie-cache.ts';
import { type Session, sessionFromRow } from './session.ts';

/** A verified cache cookie with everything a request needs from it, computed once. */
export interface CacheEntry extends VerifiedCache {
  session: Session;
  user: User;
  /** The get-session answer for this cache, already serialised. */
  body: string;
}

/** How many sessions the per-token memos hold (this verifier's, and `decoded-sessions.ts`). */
export const REMEMBERED_SESSIONS = 10_000;

/**
 * get-session is called on every page load, mostly with the same cookies again and again.
 * Signature checks are pure functions of the cookie text and the secret, so their results are
 * remembered (bounded); expiry, token match and revocation are still checked on every request.
 * Only verified values are remembered, so a forged cookie always takes the full check.
 */
export class CookieVerifier {
  readonly #tokens = new VerifiedValues<string>(REMEMBERED_SESSIONS);
  readonly #caches = new VerifiedValues<CacheEntry>(REMEMBERED_SESSIONS);

  constructor(
    private readonly secret: string,
    private readonly fields: AdditionalFields,
  ) {}

  /** The session token of a signed cookie value, or null when it is not ours. */
  token(raw: string | undefined): string | null {
    if (!raw) return null;
    const known = this.#tokens.get(raw);
    if (known !== undefined) return known;
    const token = decodeSignedValue(this.secret, raw);
    if (token !== null) this.#tokens.set(raw, token);
    return token;
  }

  /** The verified cache behind a cache cookie value, or null when it fails verification. */
  cache(raw: string): CacheEntry | null {
    const known = this.#caches.get(raw);
    if (known) return known;
    const verified = verifyCookieCache(this.secret, raw);
    if (!verified) return null;
    const { session, user } = verified.cache;
    const entry: CacheEntry = {
      ...verified,
      session: sessionFromRow(session),
      user: userFromJson(user, this.fields),
      body: JSON.stringify({ session, user }),
    };
    this.#caches.set(raw, entry);
    return entry;
  }
}

/** Enough of a signed value's end (its signature's base64) that two values rarely share it. */
const TAIL_LENGTH = 32;

/**
 * Results remembered by cookie value. A cache cookie is about a kilobyte, and each request brings
 * a new copy of it, whose hash a Map would compute from every character on each lookup (about
 * 3 µs); these are found by the value's last characters (its signature's) and confirmed by
 * comparing the whole value, so a different value never reads another's result.
 */
class VerifiedValues<V> {
  readonly #entries: BoundedMap<string, { raw: string; value: V }>;

  constructor(capacity: number) {
    this.#entries = new BoundedMap(capacity);
  }

  get(raw: string): V | undefined {
    const entry = this.#entries.get(raw.slice(-TAIL_LENGTH));
    return entry !== undefined && entry.raw === raw ? entry.value : undefined;
  }

  set(raw: string, value: V): void {
    this.#entries.set(raw.slice(-TAIL_LENGTH), { raw, value });
  }
}
