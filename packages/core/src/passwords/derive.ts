import { pbkdf2, scrypt } from 'node:crypto';

/**
 * node:crypto's asynchronous PBKDF2 and scrypt: they run on the libuv thread pool, so a sign-in checking an
 * imported hash never blocks the event loop (docs/protocol/import.md#41-storage-and-sign-in-decision).
 */

export type Pbkdf2Digest = 'sha1' | 'sha256' | 'sha512';

export function pbkdf2Key(
  password: string | Buffer,
  salt: Buffer,
  iterations: number,
  keyBytes: number,
  digest: Pbkdf2Digest,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(password, salt, iterations, keyBytes, digest, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export function scryptKey(
  password: string,
  salt: Buffer,
  keyBytes: number,
  cost: ScryptCost,
): Promise<Buffer> {
  // OpenSSL needs 128·r·(N + p + 2) bytes; the limits (limits.ts) have already bounded that.
  const maxmem = 128 * cost.r * (cost.N + cost.p + 2) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyBytes, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
