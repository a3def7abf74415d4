import { createHash, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auth0Password } from './auth0-password.ts';

/**
 * The canonical values Auth0's `custom_password_hash` becomes; whether they verify is the
 * recogniser's test. Hashes made here with node:crypto, as Auth0's docs describe each algorithm.
 */
describe('auth0Password', () => {
  it('bcrypt, argon2 and pbkdf2 pass through as written, naming bcrypt and pbkdf2_phc', () => {
    const bcrypt = '$2b$10$B2pL9lhu7s2amRK/YCskeuLC21unGvrsy045DpTObS.hWC3VUafoS';
    expect(auth0Password({ algorithm: 'bcrypt', hash: { value: bcrypt } })).toEqual({
      ok: true,
      password: { value: bcrypt, hasher: 'bcrypt' },
    });
    const argon2 = '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG';
    expect(auth0Password({ algorithm: 'argon2', hash: { value: argon2, encoding: 'utf8' } })).toEqual({
      ok: true,
      password: { value: argon2 },
    });
    const pbkdf2 = '$pbkdf2-sha512$i=100000,l=64$c2FsdHNhbHQ$aGFzaA';
    expect(auth0Password({ algorithm: 'pbkdf2', hash: { value: pbkdf2 } })).toEqual({
      ok: true,
      password: { value: pbkdf2, hasher: 'pbkdf2_phc' },
    });
  });

  it('salted SHA-256: the salt decoded and its position kept, the hash as hex', () => {
    const digest = createHash('sha256').update('pepper-salt').update('hunter2').digest();
    expect(
      auth0Password({
        algorithm: 'sha256',
        hash: { value: digest.toString('base64'), encoding: 'base64' },
        salt: { value: 'pepper-salt', encoding: 'utf8', position: 'prefix' },
      }),
    ).toEqual({
      ok: true,
      password: {
        value: `prefix$${Buffer.from('pepper-salt').toString('base64')}$${digest.toString('hex')}`,
        hasher: 'sha256_salted',
      },
    });
    expect(auth0Password({ algorithm: 'md5', hash: { value: 'ab'.repeat(16), encoding: 'hex' } })).toEqual({
      ok: true,
      password: { value: 'ab'.repeat(16), hasher: 'md5' },
    });
  });

  it('scrypt: Auth0’s defaults filled in, salt and hash in base64', () => {
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('hunter2', salt, 32, { N: 1024, r: 8, p: 1 });
    expect(
      auth0Password({
        algorithm: 'scrypt',
        hash: { value: hash.toString('hex'), encoding: 'hex' },
        salt: { value: salt.toString('hex'), encoding: 'hex' },
        keylen: 32,
        cost: 1024,
      }),
    ).toEqual({
      ok: true,
      password: {
        value: `1024$8$1$32$${salt.toString('base64')}$${hash.toString('base64')}`,
        hasher: 'scrypt_auth0',
      },
    });
  });

  it('refuses keyed hashes, unknown algorithms and encodings, and a password encoding other than utf8', () => {
    const unknown = { ok: false, message: 'unknown password hash format' };
    expect(
      auth0Password({ algorithm: 'hmac', hash: { value: 'aa', encoding: 'hex', key: { value: 'k' } } }),
    ).toEqual(unknown);
    expect(auth0Password({ algorithm: 'ldap', hash: { value: '{SSHA}x' } })).toEqual(unknown);
    expect(
      auth0Password({ algorithm: 'md5', hash: { value: 'ab', encoding: 'hex' }, salt: { value: 's' } }),
    ).toEqual(unknown);
    expect(auth0Password({ algorithm: 'sha256', hash: { value: 'zz', encoding: 'hex' } })).toEqual(unknown);
    expect(auth0Password({ algorithm: 'sha256', hash: { value: 'aa', encoding: 'rot13' } })).toEqual(unknown);
    expect(
      auth0Password({
        algorithm: 'sha256',
        hash: { value: 'aa', encoding: 'hex' },
        password: { encoding: 'utf16le' },
      }),
    ).toEqual({
      ok: false,
      message: 'password encoding utf16le is not supported for passwords',
    });
  });
});
