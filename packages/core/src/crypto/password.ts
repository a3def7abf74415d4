import { randomBytes, scrypt } from 'node:crypto';
import { constantTimeEqual } from './constant-time.ts';

// docs/protocol/core.md#password-hashes: N=16384, r=16, p=1, 64-byte key, 16-byte salt. Memory is 128·N·r =
// 32 MiB, exactly Node's default `maxmem`, which scrypt rejects as too small; allow twice that.
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;

/**
 * How passwords are hashed and checked. The default is scrypt at the parameters above; an
 * application may bring its own (Better Auth's `emailAndPassword.password` has the same shape),
 * and tests inject a cheap one so the suite does not spend its time in scrypt.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** Node's scrypt runs on the libuv thread pool, so hashing never blocks the event loop. */
function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC first, so the same password typed on different keyboards hashes the same.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password into `{salt}:{key}`, both lower-case hex. The salt passed to scrypt is the
 * ASCII text of the hex salt, not its raw bytes: that is Better Auth's stored format, so
 * databases move between the two in both directions.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

/** Checks a password against a stored `{salt}:{key}` hash in constant time. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) throw new Error('Stored password hash is malformed');
  const derived = await deriveKey(password, salt);
  return constantTimeEqual(derived.toString('hex'), key.toLowerCase());
}

export const scryptPasswordHasher: PasswordHasher = {
  hash: hashPassword,
  verify: ({ hash, password }) => verifyPassword(hash, password),
};
