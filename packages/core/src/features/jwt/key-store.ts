import { type CryptoKey, exportJWK, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import { generateId } from '../../crypto/random.ts';
import type { Schema } from '../../db/schema.ts';
import { findJwk, insertJwk, type JwksRow, listJwks } from './jwks.repository.ts';
import type { ResolvedJwt } from './jwt-config.ts';
import { curveOf, generateSigningKeyPair, type JwtAlgorithm } from './key-algorithms.ts';
import { decodePrivateKey, encodePrivateKey } from './private-key-codec.ts';
import { expiryOf, isPublished, pickSigningRow } from './rotation.ts';

export interface UsableKey {
  kid: string;
  alg: string;
  key: CryptoKey;
}

/** A /jwks entry: the stored public JWK with the row's algorithm and id added. */
export type PublishedJwk = JWK & { kid: string; alg: string };

/**
 * The `jwks` table behind the feature: mints key pairs, chooses the signing key, lists the public
 * keys and finds the key a token names. Rows never change once written, so imported keys are
 * kept in memory; the table itself is read again whenever the answer could have changed.
 */
export class KeyStore {
  /** The signing key and the time it stops signing (null: never), so signing reads no rows. */
  #signing: { key: UsableKey; expiresAt: number | null } | undefined;
  /** One mint at a time: concurrent first requests must not each create a key. */
  #minting: Promise<JwksRow> | undefined;
  /** Verification keys by kid; only ids found in the table get here, so it cannot grow unbounded. */
  readonly #publicKeys = new Map<string, UsableKey>();

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly config: ResolvedJwt,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /** The key new tokens are signed with; rotates (mints) when the current one has expired. */
  async signingKey(): Promise<UsableKey> {
    const now = this.now();
    const cached = this.#signing;
    if (cached && (cached.expiresAt === null || now < cached.expiresAt)) return cached.key;
    const row = pickSigningRow(await listJwks(this.db), this.config.algorithm, now) ?? (await this.#mint());
    const alg = this.#algOf(row);
    const key = (await importJWK(decodePrivateKey(row.privateKey, this.secret), alg)) as CryptoKey;
    const signing = { kid: row.id, alg, key };
    this.#signing = { key: signing, expiresAt: expiryOf(row) };
    return signing;
  }

  /** The public keys /jwks lists: current ones and rotated ones still in their grace period. */
  async publishedKeys(): Promise<PublishedJwk[]> {
    let rows = await listJwks(this.db);
    // A verifier may fetch the set before anyone signed in; it gets the key that will sign.
    if (rows.length === 0) rows = [await this.#mint()];
    const now = this.now();
    return rows
      .filter((row) => isPublished(row, now, this.config.gracePeriod))
      .map((row) => {
        const alg = this.#algOf(row);
        const crv = row.crv ?? curveOf(alg as JwtAlgorithm);
        return { alg, ...(crv ? { crv } : {}), ...(JSON.parse(row.publicKey) as JWK), kid: row.id };
      });
  }

  /** The key with this id, from every row: expired and past-grace keys still verify server-side. */
  async verificationKey(kid: string): Promise<UsableKey | undefined> {
    const known = this.#publicKeys.get(kid);
    if (known) return known;
    const row = await findJwk(this.db, kid);
    if (!row) return undefined;
    const alg = this.#algOf(row);
    const key = (await importJWK(JSON.parse(row.publicKey) as JWK, alg)) as CryptoKey;
    const usable = { kid, alg, key };
    this.#publicKeys.set(kid, usable);
    return usable;
  }

  /** Rows written before the `alg` column existed are read as the configured algorithm. */
  #algOf(row: JwksRow): string {
    return row.alg ?? this.config.algorithm;
  }

  #mint(): Promise<JwksRow> {
    this.#minting ??= this.#createKey().finally(() => {
      this.#minting = undefined;
    });
    return this.#minting;
  }

  async #createKey(): Promise<JwksRow> {
    const { algorithm, rotationInterval, encryptPrivateKeys } = this.config;
    const pair = await generateSigningKeyPair(algorithm);
    // exportJWK gives the bare key (kty, crv, x…); alg and kid live in their own columns.
    const publicJwk = await exportJWK(pair.publicKey);
    const privateJwk = await exportJWK(pair.privateKey);
    const now = this.now();
    const row = {
      id: generateId(),
      publicKey: JSON.stringify(publicJwk),
      privateKey: encodePrivateKey(privateJwk, this.secret, encryptPrivateKeys),
      createdAt: new Date(now).toISOString(),
      expiresAt: rotationInterval ? new Date(now + rotationInterval * 1000).toISOString() : null,
      alg: algorithm,
      crv: curveOf(algorithm) ?? null,
    };
    await insertJwk(this.db, row);
    return row;
  }
}
