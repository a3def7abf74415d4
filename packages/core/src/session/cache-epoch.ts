import type { SecondaryStorage } from '../storage/secondary-storage.ts';

const EPOCH_KEY = 'session-cache-epoch';
/** Long enough that the key's expiry (which distrusts every cache once, like a flush) is rare. */
const EPOCH_TTL_SECONDS = 30 * 86_400;
/** How stale a process's copy of the shared epoch may be: outages cross instances within this. */
const REFRESH_MS = 1000;

/**
 * The cookie cache's trust boundary after shared-storage outages: a cache cookie issued before
 * the epoch is not trusted without a database read (core README: "The cookie cache across Redis
 * outages").
 *
 * A revocation made while Redis was unreachable lands in the database but not in Redis, so once
 * Redis returns, the revoked session's cache cookie would pass the revocation check. Every cache
 * that could belong to such a session was issued before the outage ended; the epoch moves to
 * that moment:
 * - the process that sees its storage recover sets its own epoch to now and publishes it in the
 *   storage, so copies that never noticed the outage (no traffic, or a partition on one side
 *   only) adopt it within `REFRESH_MS`;
 * - a missing epoch key means Redis lost its data (a restart without persistence, a flush), and
 *   with it every revocation marker: the reader sets the epoch to now.
 * Storage that cannot fail (memory) has no outages and no epoch.
 */
export class CacheEpoch {
  #seenRecovery = 0;
  #local = 0;
  #unpublished = false;
  #shared = 0;
  #fetchedAt = Number.NEGATIVE_INFINITY;
  #fetching: Promise<void> | undefined;

  constructor(
    private readonly storage: SecondaryStorage,
    private readonly now: () => number,
  ) {}

  /** Caches issued before this time (epoch ms) need a database read. Throws when storage fails. */
  async current(): Promise<number> {
    const recovered = this.storage.recoveredAt?.();
    if (recovered === undefined) return 0;
    if (recovered !== this.#seenRecovery) {
      this.#seenRecovery = recovered;
      this.#local = this.now();
      this.#unpublished = true;
    }
    if (this.#unpublished) {
      await this.storage.set(EPOCH_KEY, String(this.#local), EPOCH_TTL_SECONDS);
      this.#unpublished = false;
      this.#shared = Math.max(this.#shared, this.#local);
    }
    if (Date.now() - this.#fetchedAt >= REFRESH_MS) {
      this.#fetching ??= this.#fetch().finally(() => {
        this.#fetching = undefined;
      });
      await this.#fetching;
    }
    return Math.max(this.#local, this.#shared);
  }

  async #fetch(): Promise<void> {
    const value = await this.storage.get(EPOCH_KEY);
    if (value === null) {
      const now = this.now();
      await this.storage.set(EPOCH_KEY, String(now), EPOCH_TTL_SECONDS);
      this.#shared = now;
    } else {
      const epoch = Number(value);
      this.#shared = Number.isFinite(epoch) ? epoch : this.now();
    }
    this.#fetchedAt = Date.now();
  }
}
