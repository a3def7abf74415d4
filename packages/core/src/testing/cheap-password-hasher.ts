import { randomBytes, scryptSync } from 'node:crypto';
import { constantTimeEqual } from '../crypto/constant-time.ts';
import { type PasswordHasher, verifyPassword } from '../crypto/password.ts';

// scrypt at the smallest cost it accepts: microseconds instead of tens of milliseconds, so a suite
// that signs up and in thousands of times does not spend its minutes hashing.
const CHEAP = { N: 2, r: 1, p: 1 } as const;

/**
 * A password hasher for tests only. Its hashes have the stored format of the real one
 * (`{salt}:{key}`, hex), and it remembers which hashes it made: those it checks cheaply, any other
 * (a hash written by Better Auth or by the real hasher in a fixture) with the real parameters, so
 * databases seeded elsewhere keep working. The known-answer tests of the real parameters
 * (crypto/password.compat.test.ts) use the real hasher.
 */
export function cheapPasswordHasher(): PasswordHasher {
  const made = new Set<string>();
  const derive = (password: string, salt: string) =>
    scryptSync(password.normalize('NFKC'), salt, 64, CHEAP).toString('hex');
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      const hash = `${salt}:${derive(password, salt)}`;
      made.add(hash);
      return hash;
    },
    async verify({ hash, password }) {
      if (!made.has(hash)) return verifyPassword(hash, password);
      const [salt = '', key = ''] = hash.split(':');
      return constantTimeEqual(derive(password, salt), key);
    },
  };
}

/** One shared instance, so a hash made by one test server verifies on another in the same process. */
export const testPasswordHasher = cheapPasswordHasher();
