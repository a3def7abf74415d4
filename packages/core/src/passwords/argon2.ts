import { hashRaw } from '@node-rs/argon2';
import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { fromBase64 } from './encodings.ts';
import { decimal, type HashFormat, type ReadHash } from './hash-format.ts';
import { argon2Refusal } from './limits.ts';

// docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified: the argon2 rows, PHC strings.
const PHC = /^\$argon2(id|i|d)\$(?:v=(\d+)\$)?m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export type Argon2Type = 'id' | 'i';

export interface Argon2Parameters {
  type: Argon2Type;
  /** 0x13 = 19 or 0x10 = 16. */
  version: 16 | 19;
  memoryKiB: number;
  time: number;
  parallelism: number;
  salt: Buffer;
  key: Buffer;
}

export const ARGON2D_REFUSED = { ok: false, message: 'argon2d is not supported for passwords' } as const;

export const argon2id: HashFormat = { read: (value) => readPhc(value, 'id') };
export const argon2i: HashFormat = { read: (value) => readPhc(value, 'i') };

function readPhc(value: string, type: Argon2Type): ReadHash | null {
  const match = PHC.exec(value);
  if (!match) return null;
  const [, variant, versionText = '16', m, t, p, saltText = '', keyText = ''] = match;
  if (variant === 'd') return ARGON2D_REFUSED;
  if (variant !== type) return null;
  const version = decimal(versionText);
  const salt = fromBase64(saltText);
  const key = fromBase64(keyText);
  if ((version !== 16 && version !== 19) || !salt || !key) return null;
  return acceptArgon2(value, {
    type,
    version,
    memoryKiB: decimal(m),
    time: decimal(t),
    parallelism: decimal(p),
    salt,
    key,
  });
}

/** Checks the parameters (argon2's own minimums, then the limits) and makes the verifier. */
export function acceptArgon2(canonical: string, parameters: Argon2Parameters): ReadHash | null {
  const { memoryKiB, time, parallelism, salt, key } = parameters;
  // RFC 9106 §3.1: at least 1 pass and lane, 8·p KiB, an 8-byte salt and a 4-byte tag.
  if (!(time >= 1 && parallelism >= 1 && memoryKiB >= 8 * parallelism && salt.length >= 8 && key.length >= 4))
    return null;
  const refused = argon2Refusal(memoryKiB, time, parallelism, key.length);
  if (refused) return refused;
  return {
    ok: true,
    weak: false,
    canonical,
    async verify(password) {
      const computed = await hashRaw(password, {
        algorithm: parameters.type === 'id' ? 2 : 1,
        version: parameters.version === 19 ? 1 : 0,
        memoryCost: memoryKiB,
        timeCost: time,
        parallelism,
        outputLen: key.length,
        salt,
      });
      return constantTimeEqualBytes(computed, key);
    },
  };
}
