import { describe, expect, it } from 'vitest';
import { generateKey, hashKey, KEY_PATTERN, mayBeStored, startOf } from './key-format.ts';

describe('the key format', () => {
  it('generates the prefix, the tag, 56 random and 6 checksum characters', () => {
    const key = generateKey('ci_');
    expect(key).toMatch(/^ci_gth_[A-Za-z0-9]{62}$/);
    expect(generateKey(null)).toMatch(/^gth_[A-Za-z0-9]{62}$/);
    expect(generateKey(null).length).toBe(66);
    expect(startOf(key)).toBe('ci_gth');
  });

  it('never repeats itself and uses the whole alphabet', () => {
    const keys = Array.from({ length: 200 }, () => generateKey(null));
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.join('').slice(0, 20_000));
    expect(seen.size).toBeGreaterThanOrEqual(62);
  });

  it('checks its own checksum: any one changed character outside the tag is caught', () => {
    const key = generateKey('pk-');
    expect(mayBeStored(key)).toBe(true);
    for (const at of [0, 2, 8, 30, key.length - 7, key.length - 1]) {
      const char = key[at] === 'A' ? 'B' : 'A';
      const changed = key.slice(0, at) + char + key.slice(at + 1);
      expect(mayBeStored(changed), `changed at ${at}`).toBe(false);
    }
  });

  it("leaves other shapes to the lookup: a Better Auth database's 64 letters, with or without a prefix", () => {
    expect(mayBeStored('pk_wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOGXL')).toBe(true);
    expect(mayBeStored('a'.repeat(64))).toBe(true);
    expect(mayBeStored(`gth_${'a'.repeat(63)}`)).toBe(true);
  });

  it("hashes as Better Auth does: base64url SHA-256 without padding (the reference's own example)", () => {
    expect(hashKey('pk_wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOGXL')).toBe(
      'LrJ_kQfzfF5MYhkbUAl2cjMqviNxQ6eGSPnTIod-vIE',
    );
  });

  it('gives scanners a pattern that finds generated keys in text, and not old ones', () => {
    const key = generateKey('live_');
    expect(`token=${key}\n`.match(KEY_PATTERN)).toEqual([key]);
    expect(
      'pk_wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOGXL'.match(KEY_PATTERN),
    ).toBeNull();
  });
});
