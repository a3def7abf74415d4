import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../crypto/password.ts';
import { HASH_FIXTURES } from './fixtures/hash-fixtures.ts';
import { recognizePasswordHash } from './recognize.ts';
import { verifyStoredPassword } from './verify-stored.ts';

/** Imported hashes never reach the configured hasher; this one fails the test if they do. */
const refusingHasher: PasswordHasher = {
  hash: () => Promise.reject(new Error('the configured hasher was asked to hash')),
  verify: () => Promise.reject(new Error('the configured hasher was asked to verify an imported hash')),
};

describe('every format verifies a hash its source system made (fixtures/hashes.json)', () => {
  it('holds a fixture of every imported format', () => {
    const formats = new Set(HASH_FIXTURES.map((fixture) => fixture.expected));
    expect([...formats].sort()).toEqual(
      [
        'bcrypt',
        'bcrypt_sha256_django',
        'argon2id',
        'argon2i',
        'pbkdf2_sha256_django',
        'pbkdf2_sha1_django',
        'pbkdf2_sha1',
        'pbkdf2_sha256',
        'pbkdf2_sha512',
        'pbkdf2_phc',
        'pbkdf2_keycloak',
        'argon2_keycloak',
        'scrypt_firebase',
        'scrypt_werkzeug',
        'pbkdf2_werkzeug',
        'scrypt_auth0',
        'phpass',
        'sha256_salted',
        'sha256',
        'md5',
      ].sort(),
    );
  });

  describe.each(HASH_FIXTURES)('$name', (fixture) => {
    const recognized = recognizePasswordHash({ value: fixture.value, hasher: fixture.hasher });

    it(`is recognised as ${fixture.expected}, weak: ${fixture.weak}, stored as <hasher>$<value>`, () => {
      expect(recognized).toEqual({
        ok: true,
        hasher: fixture.expected,
        stored: expect.stringMatching(new RegExp(`^${fixture.expected}\\$`)),
        weak: fixture.weak,
      });
    });

    it('its stored value verifies the right password and no other', async () => {
      if (!recognized.ok) throw new Error(recognized.message);
      const check = (password: string) => verifyStoredPassword(refusingHasher, recognized.stored, password);
      expect(await check(fixture.password)).toEqual({ matches: true, imported: true });
      expect(await check(`${fixture.password}x`)).toEqual({ matches: false, imported: true });
      expect(await check(fixture.password.slice(1))).toEqual({ matches: false, imported: true });
      expect(await check('')).toEqual({ matches: false, imported: true });
    });

    it('its stored value, given back with its name (an export imported again), is stored the same', () => {
      if (!recognized.ok) throw new Error(recognized.message);
      const value = recognized.stored.slice(recognized.hasher.length + 1);
      expect(recognizePasswordHash({ value, hasher: recognized.hasher })).toEqual(recognized);
    });
  });
});
