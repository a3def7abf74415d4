import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../crypto/password.ts';
import { firebaseScryptValue } from './firebase-scrypt.ts';
import { recognizePasswordHash } from './recognize.ts';
import { verifyStoredPassword } from './verify-stored.ts';

// The published vectors of docs/protocol/import.md#12-published-test-vectors, each verified by Gatehouse's code.

const unused: PasswordHasher = {
  hash: () => Promise.reject(new Error('not an imported hash')),
  verify: () => Promise.reject(new Error('not an imported hash')),
};

async function verifies(input: { value: string; hasher?: string }, password: string) {
  const recognized = recognizePasswordHash(input);
  if (!recognized.ok) throw new Error(recognized.message);
  return (await verifyStoredPassword(unused, recognized.stored, password)).matches;
}

describe('published test vectors', () => {
  it("Firebase's modified scrypt (firebase/scrypt README), also as Clerk's scrypt_firebase", async () => {
    const value = firebaseScryptValue({
      passwordHash:
        'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
      salt: '42xEC+ixf3L2lw==',
      signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
      saltSeparator: 'Bw==',
      rounds: 8,
      memCost: 14,
    });
    expect(await verifies({ value, hasher: 'scrypt_firebase' }, 'user1password')).toBe(true);
    expect(await verifies({ value, hasher: 'scrypt_firebase' }, 'user1passwore')).toBe(false);
    expect(await verifies({ value }, 'user1password')).toBe(true);
  });

  it('argon2i (P-H-C/phc-winner-argon2 README)', async () => {
    const value = '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG';
    expect(await verifies({ value }, 'password')).toBe(true);
    expect(await verifies({ value }, 'Password')).toBe(false);
  });

  it('phpass portable (Openwall phpass 0.3 test.php)', async () => {
    const value = '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0';
    expect(await verifies({ value }, 'test12345')).toBe(true);
    expect(await verifies({ value }, 'test12346')).toBe(false);
  });

  it('bcrypt (jBCrypt)', async () => {
    const value = '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i';
    expect(await verifies({ value }, 'abc')).toBe(true);
    expect(await verifies({ value }, 'abd')).toBe(false);
  });
});
