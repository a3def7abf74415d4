import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32.ts';
import { generateTotp, hotp, matchTotp, totpStep } from './totp.ts';

// RFC 6238 appendix B, the SHA-1 column: key "12345678901234567890", 8 digits, 30 s steps.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each(RFC_VECTORS)('at %i s the 8-digit code is %s', (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it('RFC 4226 appendix D HOTP values (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('six-digit codes are the last six digits of the RFC vectors', () => {
    expect(generateTotp(RFC_KEY, 59_000)).toBe('287082');
  });

  it('accepts the previous, current and next step and nothing further', () => {
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step), now)).toBe(step);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + 1), now)).toBe(step + 1);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step - 2), now)).toBeNull();
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + 2), now)).toBeNull();
  });

  it('refuses a step at or before the last accepted one (no reuse)', () => {
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step), now, step)).toBeNull();
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step - 1), now, step - 1)).toBeNull();
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    const now = 59_000;
    for (const code of ['', '28708', '2870820', ' 287082', '287082\0', 'abcdef']) {
      expect(matchTotp(RFC_KEY, code, now)).toBeNull();
    }
  });
});

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j encodes to %s unpadded and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(Buffer.from(base32Decode(encoded) ?? []).toString()).toBe(text);
  });

  it('decodes lower case and padding, refuses other characters', () => {
    expect(Buffer.from(base32Decode('mzxw6ytboi======') ?? []).toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
  });

  it('a 32-character secret gives the 52-character URI secret', () => {
    expect(base32Encode(Buffer.from('a'.repeat(32)))).toHaveLength(52);
  });
});
