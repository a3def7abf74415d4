import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../crypto/password.ts';
import { HASH_FIXTURES } from './fixtures/hash-fixtures.ts';
import { recognizePasswordHash } from './recognize.ts';

// docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified and the messages of
// docs/protocol/import.md#7-error-catalogue-decision.

const UNKNOWN = { ok: false, message: 'unknown password hash format' };
const mismatch = (name: string) => ({
  ok: false,
  message: `password_digest does not match password_hasher ${name}`,
});
const overLimits = (what: string) => ({
  ok: false,
  message: `password hash parameters exceed the limits: ${what}`,
});

const B64_22 = 'c29tZXNhbHRzb21lc2FsdA';
const BCRYPT_KEY = 'If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i';
const HEX64 = 'a'.repeat(64);

describe('recognizePasswordHash', () => {
  it("keeps Better Auth's salt:hash as it is, unprefixed", async () => {
    const value = await hashPassword('any password');
    const expected = { ok: true, hasher: 'better_auth_scrypt', stored: value, weak: false };
    expect(recognizePasswordHash({ value })).toEqual(expected);
    expect(recognizePasswordHash({ value, hasher: 'better_auth_scrypt' })).toEqual(expected);
    expect(recognizePasswordHash({ value: value.toUpperCase() })).toEqual(UNKNOWN);
  });

  it('recognises each variant of a row from its value', () => {
    const hasherOf = (value: string) => {
      const recognized = recognizePasswordHash({ value });
      return recognized.ok ? recognized.hasher : recognized.message;
    };
    expect(hasherOf(`$2$10$${BCRYPT_KEY}`)).toBe('bcrypt');
    expect(hasherOf(`$2x$10$${BCRYPT_KEY}`)).toBe('bcrypt');
    expect(hasherOf(`bcrypt_sha256$$2b$12$${BCRYPT_KEY}`)).toBe('bcrypt_sha256_django');
    expect(hasherOf(`$argon2id$m=4096,t=3,p=1$${B64_22}$${B64_22}`)).toBe('argon2id');
    expect(hasherOf(`pbkdf2_sha1$260000$salt$${'A'.repeat(27)}=`)).toBe('pbkdf2_sha1_django');
    expect(hasherOf(`pbkdf2_sha1$260000$salt$${'ab'.repeat(20)}`)).toBe('pbkdf2_sha1');
    expect(hasherOf(`$pbkdf2-sha1$i=1000$${B64_22}$${'A'.repeat(27)}`)).toBe('pbkdf2_phc');
    expect(hasherOf(`pbkdf2:sha512:600000$salt$${'ab'.repeat(64)}`)).toBe('pbkdf2_werkzeug');
    expect(hasherOf(`$H$9${'a'.repeat(30)}`)).toBe('phpass');
  });

  it('never guesses the digests, Clerk base64 PBKDF2s, or the Keycloak and Auth0 forms from the value', () => {
    for (const value of [
      HEX64,
      'b'.repeat(32),
      `${HEX64}$salt`,
      `pbkdf2-sha256$27500$${B64_22}$${B64_22}`,
      `id$1.3$7168$3$1$16$${B64_22}$${B64_22}`,
      `16384$8$1$16$${B64_22}$${B64_22}`,
    ]) {
      expect(recognizePasswordHash({ value }), value).toEqual(UNKNOWN);
    }
  });

  it('refuses look-alikes and anything else as an unknown format', () => {
    for (const value of [
      '',
      'password',
      `$2b$10$${BCRYPT_KEY.slice(1)}`, // 52 characters
      `$2b$03$${BCRYPT_KEY}`, // below bcrypt's floor
      `$2c$10$${BCRYPT_KEY}`,
      `$argon2id$v=18$m=4096,t=3,p=1$${B64_22}$${B64_22}`,
      `$argon2id$v=19$m=4,t=3,p=1$${B64_22}$${B64_22}`, // below 8·p KiB
      `$argon2id$v=19$m=4096,t=3,p=1,keyid=1$${B64_22}$${B64_22}`,
      `$argon2id$v=19$m=4096,t=3,p=1$${B64_22}$${B64_22}$extra`,
      'pbkdf2_sha256$0$salt$AAAA', // no iterations, hash too short for SHA-256
      `pbkdf2_sha256$260000$salt$${'A'.repeat(43)}=x`,
      `$P$9${'a'.repeat(29)}`,
      `$P$4${'a'.repeat(30)}`, // 2^6 is below phpass's floor
      `scrypt:32768:8:1$salt$${'z!'.repeat(32)}`, // neither hex nor base64
      '$sha1$20000$salt$hash', // Auth0's and others' algorithms Gatehouse does not take
      `{SSHA}${B64_22}`,
      `$2b$10$${BCRYPT_KEY}\u0000`,
      `$2b$10$${BCRYPT_KEY}`.padEnd(9000, 'a'),
    ]) {
      expect(recognizePasswordHash({ value }), value).toEqual(UNKNOWN);
    }
  });

  it('refuses argon2d, from the value and from Keycloak', () => {
    const refused = { ok: false, message: 'argon2d is not supported for passwords' };
    expect(recognizePasswordHash({ value: `$argon2d$v=19$m=4096,t=3,p=1$${B64_22}$${B64_22}` })).toEqual(
      refused,
    );
    expect(
      recognizePasswordHash({
        value: `$argon2d$v=19$m=4096,t=3,p=1$${B64_22}$${B64_22}`,
        hasher: 'argon2id',
      }),
    ).toEqual(refused);
    expect(
      recognizePasswordHash({ value: `d$1.3$7168$3$1$16$${B64_22}$${B64_22}`, hasher: 'argon2_keycloak' }),
    ).toEqual(refused);
  });

  it('believes a named algorithm, and refuses a value that is not its shape', () => {
    const bcrypt = `$2b$10$${BCRYPT_KEY}`;
    expect(recognizePasswordHash({ value: bcrypt, hasher: 'argon2id' })).toEqual(mismatch('argon2id'));
    expect(
      recognizePasswordHash({ value: `$argon2id$m=4096,t=3,p=1$${B64_22}$${B64_22}`, hasher: 'argon2i' }),
    ).toEqual(mismatch('argon2i'));
    expect(recognizePasswordHash({ value: HEX64.slice(1), hasher: 'sha256' })).toEqual(mismatch('sha256'));
    expect(recognizePasswordHash({ value: HEX64, hasher: 'md5' })).toEqual(mismatch('md5'));
    expect(recognizePasswordHash({ value: bcrypt, hasher: 'better_auth_scrypt' })).toEqual(
      mismatch('better_auth_scrypt'),
    );
    expect(recognizePasswordHash({ value: `bcrypt$${B64_22}$${B64_22}`, hasher: 'pbkdf2_keycloak' })).toEqual(
      mismatch('pbkdf2_keycloak'),
    );
    expect(recognizePasswordHash({ value: `${bcrypt}\u0000`, hasher: 'bcrypt' })).toEqual(mismatch('bcrypt'));
    // Named, a bare digest is taken; Clerk's pbkdf2_sha1 covers Django's base64 form too.
    expect(recognizePasswordHash({ value: HEX64.toUpperCase(), hasher: 'sha256' })).toEqual({
      ok: true,
      hasher: 'sha256',
      stored: `sha256$${HEX64}`,
      weak: true,
    });
    expect(
      recognizePasswordHash({ value: `pbkdf2_sha1$260000$salt$${'A'.repeat(27)}=`, hasher: 'pbkdf2_sha1' }),
    ).toMatchObject({
      ok: true,
      hasher: 'pbkdf2_sha1_django',
    });
  });

  it("refuses the source algorithms Gatehouse does not implement, Clerk's among them", () => {
    for (const hasher of [
      'awscognito',
      'ldap_ssha',
      'sha512_symfony',
      'md5_phpass',
      'hmac_sha256_utf16_b64',
      'bcrypt_peppered',
      'argon2d',
      'toString',
      '__proto__',
    ]) {
      expect(recognizePasswordHash({ value: `$2b$10$${BCRYPT_KEY}`, hasher }), hasher).toEqual(UNKNOWN);
    }
  });

  it('refuses parameters over the limits, naming the parameter and not the value', () => {
    const cases: [string, string | undefined, string][] = [
      [`$2b$17$${BCRYPT_KEY}`, undefined, 'bcrypt cost 17 (at most 16)'],
      [
        `pbkdf2_sha256$10000001$salt$${'A'.repeat(43)}=`,
        undefined,
        'PBKDF2 iterations 10000001 (at most 10000000)',
      ],
      [
        `$pbkdf2-sha512$i=20000000$${B64_22}$${B64_22}`,
        undefined,
        'PBKDF2 iterations 20000000 (at most 10000000)',
      ],
      [
        `pbkdf2_sha512$1000$salt$${'ab'.repeat(1025)}`,
        'pbkdf2_sha512',
        'key length 1025 bytes (at most 1024)',
      ],
      [
        `$argon2id$v=19$m=1048577,t=3,p=1$${B64_22}$${B64_22}`,
        undefined,
        'argon2 memory 1048577 KiB (at most 1048576)',
      ],
      [`$argon2i$v=19$m=65536,t=65,p=1$${B64_22}$${B64_22}`, undefined, 'argon2 time 65 (at most 64)'],
      [
        `$argon2id$v=19$m=65536,t=1,p=17$${B64_22}$${B64_22}`,
        undefined,
        'argon2 parallelism 17 (at most 16)',
      ],
      [`scrypt:1000:8:1$salt$${'ab'.repeat(64)}`, undefined, 'scrypt N 1000 is not a power of two'],
      [
        `scrypt:1048576:16:1$salt$${'ab'.repeat(64)}`,
        undefined,
        'scrypt memory 128·N·r·p above 1073741824 bytes',
      ],
      [
        `${B64_22}$${B64_22}$${B64_22}$Bw==$8$24`,
        'scrypt_firebase',
        'scrypt memory 128·N·r·p above 1073741824 bytes',
      ],
      [
        `1048576$16$1$16$${B64_22}$c29tZXNhbHRzb21lc2FsdA==`,
        'scrypt_auth0',
        'scrypt memory 128·N·r·p above 1073741824 bytes',
      ],
      [`$P$Z${'a'.repeat(30)}`, undefined, 'phpass count 2^37 (at most 2^18)'],
    ];
    for (const [value, hasher, what] of cases) {
      expect(recognizePasswordHash({ value, hasher }), value.slice(0, 40)).toEqual(overLimits(what));
    }
  });

  it('marks the weak formats and costs', () => {
    const weakOf = (value: string, hasher?: string) => {
      const recognized = recognizePasswordHash({ value, hasher });
      return recognized.ok ? recognized.weak : recognized.message;
    };
    expect(weakOf(`$2b$07$${BCRYPT_KEY}`)).toBe(true);
    expect(weakOf(`$2b$08$${BCRYPT_KEY}`)).toBe(false);
    expect(weakOf(`$pbkdf2-sha256$i=9999$${B64_22}$${B64_22}`)).toBe(true);
    expect(weakOf(`$pbkdf2-sha256$i=10000$${B64_22}$${B64_22}`)).toBe(false);
    expect(weakOf(`bcrypt_sha256$$2b$05$${BCRYPT_KEY}`)).toBe(false);
    expect(weakOf(`$argon2i$v=19$m=8,t=1,p=1$${B64_22}$${B64_22}`)).toBe(false);
    expect(weakOf(`$P$9${'a'.repeat(30)}`)).toBe(true);
    expect(weakOf(`${HEX64}$salt`, 'sha256_salted')).toBe(true);
    expect(weakOf('b'.repeat(32), 'md5')).toBe(true);
  });

  it('never puts the value, or a part of it, in a refusal (property)', () => {
    const named = fc.constantFrom(
      undefined,
      'bcrypt',
      'argon2id',
      'pbkdf2_sha256',
      'scrypt_firebase',
      'sha256_salted',
    );
    // Look-alikes: a real value with a run of characters replaced, so most are near misses of a format.
    const lookAlike = fc
      .tuple(fc.constantFrom(...HASH_FIXTURES), fc.nat(), fc.string({ minLength: 1, maxLength: 6 }))
      .map(([fixture, at, junk]) => {
        const cut = at % fixture.value.length;
        return {
          value: fixture.value.slice(0, cut) + junk + fixture.value.slice(cut + junk.length),
          hasher: fixture.hasher,
        };
      });
    const anything = fc.record({ value: fc.string({ minLength: 12, maxLength: 200 }), hasher: named });
    fc.assert(
      fc.property(fc.oneof(lookAlike, anything), (input) => {
        const recognized = recognizePasswordHash(input);
        if (recognized.ok) return;
        expect(recognized.message).toMatch(
          /^(unknown password hash format|password_digest does not match password_hasher [a-z0-9_]+|argon2d is not supported for passwords|password hash parameters exceed the limits: [^$]+)$/,
        );
        expect(recognized.message).not.toContain(input.value);
        // No segment that could be a salt, hash or key (8 characters or more) either. Numeric parameters
        // (iterations, costs) and the hasher's own name (a value's `pbkdf2_sha1$` prefix) are no secret and
        // are named on purpose.
        const secretLike = (part: string) =>
          part.length >= 8 && !/^(\w=)?\d+$/.test(part) && !(input.hasher ?? '').includes(part);
        for (const segment of input.value.split(/[$:,]/).filter(secretLike))
          expect(recognized.message).not.toContain(segment);
      }),
      { numRuns: 2000 },
    );
  });
});
