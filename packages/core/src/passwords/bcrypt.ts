import { createHash } from 'node:crypto';
import bcryptjs from 'bcryptjs';
import { constantTimeEqual } from '../crypto/constant-time.ts';
import { type HashFormat, overLimits, type ReadHash } from './hash-format.ts';
import { LIMITS } from './limits.ts';

// docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified: the bcrypt rows.
const BCRYPT = /^\$2[abxy]?\$(\d\d)\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;
const DJANGO_PREFIX = 'bcrypt_sha256$';
const WEAK_COST = 8;

/** OpenBSD bcrypt, `$2a$`, `$2b$`, `$2x$`, `$2y$` and `$2$` alike. */
export const bcrypt: HashFormat = { read: (value) => readBcrypt(value, value, (password) => password) };

/** Django's BCryptSHA256PasswordHasher: bcrypt over the hex SHA-256 of the password. */
export const bcryptSha256Django: HashFormat = {
  read(value) {
    if (!value.startsWith(DJANGO_PREFIX)) return null;
    const inner = value.slice(DJANGO_PREFIX.length);
    if (!/^\$2[aby]\$/.test(inner)) return null;
    const read = readBcrypt(inner, value, (password) => createHash('sha256').update(password).digest('hex'));
    // Django's own hasher has no weak column in the table: its costs start at 12.
    return read?.ok ? { ...read, weak: false } : read;
  },
};

function readBcrypt(
  value: string,
  canonical: string,
  prepare: (password: string) => string,
): ReadHash | null {
  const match = BCRYPT.exec(value);
  if (!match) return null;
  const [, costText = '', salt = '', key = ''] = match;
  const cost = Number(costText);
  if (cost < 4) return null;
  if (cost > LIMITS.bcryptCost) return overLimits(`bcrypt cost ${cost} (at most ${LIMITS.bcryptCost})`);
  // Every variant is computed as $2b$ (the table's rule); bcryptjs treats $2a$ the same way.
  const setting = `$2b$${costText}$${salt}`;
  return {
    ok: true,
    weak: cost < WEAK_COST,
    canonical,
    async verify(password) {
      const computed = await bcryptjs.hash(prepare(password), setting);
      // Only the 31 key characters: the salt's last character carries 2 bits and may be written either way.
      return constantTimeEqual(computed.slice(-31), key);
    },
  };
}
