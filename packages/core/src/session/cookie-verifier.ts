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

/**
 * get-session is called on every page load, mostly with the same cookies again and again.
 * Signature checks are pure functions of the cookie text and the secret, so their results are
 * remembered (bounded); expiry, token match and revocation are still checked on every request.
 * Only verified values are remembered, so a forged cookie always takes the full check.
 */
export class CookieVerifier {
  readonly #tokens = new BoundedMap<string, string>(10_000);
  readonly #caches = new BoundedMap<string, CacheEntry>(10_000);

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
