import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../crypto/password.ts';
import { verifyStoredPassword } from './verify-stored.ts';

// docs/protocol/import.md#41-storage-and-sign-in-decision: the part before the first `$` picks the verifier.

const JBCRYPT = '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i';

/** A configured hasher that records what it was asked and answers `answer`. */
function recordingHasher(answer: boolean) {
  const asked: { hash: string; password: string }[] = [];
  const hasher: PasswordHasher = {
    hash: () => Promise.reject(new Error('not asked to hash')),
    verify: async (input) => {
      asked.push(input);
      return answer;
    },
  };
  return { hasher, asked };
}

describe('verifyStoredPassword', () => {
  it('sends an imported format to its verifier, never to the configured hasher', async () => {
    const { hasher, asked } = recordingHasher(true);
    expect(await verifyStoredPassword(hasher, `bcrypt$${JBCRYPT}`, 'abc')).toEqual({
      matches: true,
      imported: true,
    });
    expect(await verifyStoredPassword(hasher, `bcrypt$${JBCRYPT}`, 'abd')).toEqual({
      matches: false,
      imported: true,
    });
    expect(asked).toEqual([]);
  });

  it("sends Better Auth's salt:hash and any value without a hasher prefix to the configured hasher, whole", async () => {
    const { hasher, asked } = recordingHasher(true);
    const betterAuth = `${'a'.repeat(32)}:${'b'.repeat(128)}`;
    for (const stored of [betterAuth, JBCRYPT, 'argon2d$whatever', 'better_auth_scrypt$x', 'BCRYPT$x']) {
      expect(await verifyStoredPassword(hasher, stored, 'pw'), stored).toEqual({
        matches: true,
        imported: false,
      });
    }
    expect(asked.map((each) => each.hash)).toEqual([
      betterAuth,
      JBCRYPT,
      'argon2d$whatever',
      'better_auth_scrypt$x',
      'BCRYPT$x',
    ]);
  });

  it('a prefixed value that does not read as its format matches nothing, and falls back to nothing', async () => {
    const { hasher, asked } = recordingHasher(true);
    for (const stored of [
      'bcrypt$',
      'bcrypt$not bcrypt',
      `argon2id$${JBCRYPT}`,
      'phpass$$P$Z'.padEnd(40, 'a'),
    ]) {
      expect(await verifyStoredPassword(hasher, stored, 'abc'), stored).toEqual({
        matches: false,
        imported: true,
      });
    }
    expect(asked).toEqual([]);
  });
});
