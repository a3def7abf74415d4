import { scryptSync } from 'node:crypto';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerifyRaw } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

// Better Auth's verifier takes an object; this keeps the call sites symmetrical with ours.
const betterAuthVerify = (hash: string, password: string) => betterAuthVerifyRaw({ hash, password });

const STORED_FORMAT = /^[0-9a-f]{32}:[0-9a-f]{128}$/;

describe('password hashes are interchangeable with Better Auth 1.7', () => {
  it('a hash made by Better Auth verifies with Gatehouse, and a wrong password does not', async () => {
    const hash = await betterAuthHash('correct horse battery staple');
    expect(hash).toMatch(STORED_FORMAT);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('a hash made by Gatehouse verifies with Better Auth, and a wrong password does not', async () => {
    const hash = await hashPassword('tr0ub4dor&3 with spaces');
    expect(await betterAuthVerify(hash, 'tr0ub4dor&3 with spaces')).toBe(true);
    expect(await betterAuthVerify(hash, 'tr0ub4dor&3 with space')).toBe(false);
  });

  it('a non-ASCII password hashed by either side verifies on the other', async () => {
    const password = 'pässwörd-日本語-🔑';
    expect(await verifyPassword(await betterAuthHash(password), password)).toBe(true);
    expect(await betterAuthVerify(await hashPassword(password), password)).toBe(true);
  });

  it('the stored format is 32 lower-case hex characters, a colon, then 128 lower-case hex characters', async () => {
    const hash = await hashPassword('format check password');
    expect(hash).toMatch(STORED_FORMAT);
    const [salt, key] = hash.split(':');
    expect(salt).toHaveLength(32);
    expect(key).toHaveLength(128);
  });

  it('the key is scrypt(N=16384, r=16, p=1, 64 bytes) keyed by the ASCII text of the hex salt', async () => {
    const hash = await hashPassword('derivation check');
    const [salt, key] = hash.split(':') as [string, string];
    const expected = scryptSync('derivation check', salt, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(key).toBe(expected.toString('hex'));
    // The raw 16 salt bytes are NOT the scrypt salt.
    const withRawSalt = scryptSync('derivation check', Buffer.from(salt, 'hex'), 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(key).not.toBe(withRawSalt.toString('hex'));
  });

  it('a password typed with a compatibility character verifies against the hash of its NFKC form', async () => {
    const ligature = 'ﬁnancial secret'; // U+FB01 LATIN SMALL LIGATURE FI
    const plain = 'financial secret';
    expect(ligature).not.toBe(plain);
    expect(ligature.normalize('NFKC')).toBe(plain);

    const gatehouseHash = await hashPassword(plain);
    expect(await verifyPassword(gatehouseHash, ligature)).toBe(true);
    expect(await betterAuthVerify(gatehouseHash, ligature)).toBe(true);

    const betterAuthHashOfLigature = await betterAuthHash(ligature);
    expect(await verifyPassword(betterAuthHashOfLigature, plain)).toBe(true);
  });

  it('full-width digits and the decomposed form of an accented letter verify against the composed ASCII-like form', async () => {
    const hash = await hashPassword('café１２３'); // U+FF11..FF13 full-width digits
    expect(await verifyPassword(hash, 'cafe\u0301123')).toBe(true);
    expect(await verifyPassword(hash, 'cafe123')).toBe(false);
  });

  it('two hashes of the same password differ because each has a random salt, and both verify', async () => {
    const first = await hashPassword('same password twice');
    const second = await hashPassword('same password twice');
    expect(first).not.toBe(second);
    expect(first.split(':')[0]).not.toBe(second.split(':')[0]);
    expect(await verifyPassword(first, 'same password twice')).toBe(true);
    expect(await verifyPassword(second, 'same password twice')).toBe(true);
  });

  it('an upper-case hex key stored by another tool still verifies', async () => {
    const hash = await hashPassword('case of the key');
    const [salt, key] = hash.split(':') as [string, string];
    expect(await verifyPassword(`${salt}:${key.toUpperCase()}`, 'case of the key')).toBe(true);
  });

  it('a stored value without a salt and key part is rejected as malformed', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).rejects.toThrow(
      'Stored password hash is malformed',
    );
  });
});
