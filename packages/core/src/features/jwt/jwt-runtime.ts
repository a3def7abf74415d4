import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { ResolvedJwt } from './jwt-config.ts';
import { KeyStore } from './key-store.ts';

/** What the JWT feature needs at request time, built once by `createAuth` when the feature is on. */
export interface JwtRuntime {
  config: ResolvedJwt;
  keys: KeyStore;
  /** The engine's clock (tests move it): token times and key expiry are read from it. */
  now: () => number;
}

export function createJwtRuntime(
  config: ResolvedJwt,
  db: Kysely<Schema>,
  secret: string,
  now: () => number,
): JwtRuntime {
  return { config, keys: new KeyStore(db, config, secret, now), now };
}
