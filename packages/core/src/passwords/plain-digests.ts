import { createHash } from 'node:crypto';
import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { fromBase64, fromHex } from './encodings.ts';
import type { AcceptedHash, HashFormat } from './hash-format.ts';

/**
 * One unsalted or salted digest, weak always (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified,
 * the `sha256_salted`, `sha256` and `md5` rows). Never recognised from the value alone: a source must name them.
 * One digest is microseconds of work, so it runs where it is called.
 */

type Digest = 'sha256' | 'md5';

function digestVerifier(
  digest: Digest,
  expected: Buffer,
  canonical: string,
  input: (password: Buffer) => Buffer[],
): AcceptedHash {
  return {
    ok: true,
    weak: true,
    canonical,
    async verify(password) {
      const hash = createHash(digest);
      for (const part of input(Buffer.from(password, 'utf8'))) hash.update(part);
      return constantTimeEqualBytes(hash.digest(), expected);
    },
  };
}

function bareDigest(digest: Digest, hexLength: number): HashFormat {
  const shape = new RegExp(`^[0-9a-fA-F]{${hexLength}}$`);
  return {
    read(value) {
      const expected = shape.test(value) ? fromHex(value) : null;
      return expected && digestVerifier(digest, expected, value.toLowerCase(), (password) => [password]);
    },
  };
}

export const sha256 = bareDigest('sha256', 64);
export const md5 = bareDigest('md5', 32);

export type SaltPosition = 'prefix' | 'suffix';

const CLERK = /^([0-9a-fA-F]{64})\$(.+)$/s;
const CANONICAL = /^(prefix|suffix)\$([A-Za-z0-9+/]+=*)\$([0-9a-fA-F]{64})$/;

/**
 * The canonical value is `<prefix|suffix>$<salt, base64>$<hash, hex>` (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified,
 * DECISION): Auth0 says where the salt goes and gives it in any encoding. Clerk's `<hex>$<salt text>` is
 * read too and stored in that form, salt after the password (the DECISION of the same row).
 */
export const sha256Salted: HashFormat = {
  read(value) {
    const canonical = CANONICAL.exec(value);
    if (canonical) {
      const [, position, saltText = '', hashText = ''] = canonical;
      const salt = fromBase64(saltText);
      const hash = fromHex(hashText);
      return salt && hash && saltedVerifier({ hash, salt, position: position as SaltPosition });
    }
    const clerk = CLERK.exec(value);
    if (!clerk) return null;
    const [, hashText = '', saltText = ''] = clerk;
    const hash = fromHex(hashText);
    return hash && saltedVerifier({ hash, salt: Buffer.from(saltText, 'utf8'), position: 'suffix' });
  },
};

function saltedVerifier(input: { hash: Buffer; salt: Buffer; position: SaltPosition }): AcceptedHash {
  const { hash, salt, position } = input;
  return digestVerifier('sha256', hash, saltedSha256Value(input), (password) =>
    position === 'prefix' ? [salt, password] : [password, salt],
  );
}

/** The canonical value of a salted SHA-256 (Auth0's `custom_password_hash` with a salt, decoded). */
export function saltedSha256Value(input: {
  hash: Uint8Array;
  salt: Uint8Array;
  position: SaltPosition;
}): string {
  return `${input.position}$${Buffer.from(input.salt).toString('base64')}$${Buffer.from(input.hash).toString('hex')}`;
}
