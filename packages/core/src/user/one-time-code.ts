import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { constantTimeEqual } from '../crypto/constant-time.ts';
import { randomString } from '../crypto/random.ts';
import type { Schema } from '../db/schema.ts';
import {
  deleteVerification,
  findVerification,
  findVerificationValue,
  insertVerification,
} from './verification.repository.ts';

// Six-digit codes sent by email (docs/protocol/passwordless.md#2-email-codes-emailotp), one per
// verification row: `{hash}:{failures}`, or `{hash}.{bound}:{failures}` when the code stands for
// something else (a magic link's token, docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference
// D1). The hash is Better Auth's `hashed` format (unpadded base64url SHA-256), so the rows read the
// same to both.

/** Wrong tries a code survives; the next try, right or wrong, finds it dead. */
export const CODE_TRIES = 3;

/** Six random decimal digits, leading zeros kept. */
export const newCode = (): string => randomString(6, '0123456789');

/** Unpadded base64url SHA-256: how codes and link tokens are stored. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** Stores a code under an identifier, replacing the one sent before. */
export async function storeCode(
  db: Kysely<Schema>,
  identifier: string,
  code: string,
  expiresAt: Date,
  nowMs: number,
  bound?: string,
): Promise<void> {
  const stored = bound === undefined ? hashSecret(code) : `${hashSecret(code)}.${bound}`;
  await deleteVerification(db, identifier);
  await insertVerification(db, identifier, `${stored}:0`, expiresAt, nowMs);
}

/** A code check that failed: the catalogue's code for it. */
export type CodeRefusal = 'INVALID_OTP' | 'OTP_EXPIRED' | 'TOO_MANY_ATTEMPTS';

export type CodeCheck = { ok: true; bound: string | undefined } | { ok: false; refusal: CodeRefusal };

/**
 * Checks a typed code. The row is taken out first and the delete decides races: of two checks at
 * once only the one whose delete removed the row compares, the other finds nothing. A wrong code
 * goes back with one more failure and its expiry, the one write a refusal makes; after
 * `CODE_TRIES` wrong ones the next check removes it for good. A right one is spent, or put back as
 * it was (`keep`, for a check that only asks). Compared in constant time.
 */
export async function checkCode(
  db: Kysely<Schema>,
  identifier: string,
  code: string,
  nowMs: number,
  { keep = false }: { keep?: boolean } = {},
): Promise<CodeCheck> {
  const found = await findVerification(db, identifier, nowMs);
  if (!found) {
    // An expired row stays until the upkeep removes it, and says so meanwhile.
    const expired = (await findVerificationValue(db, identifier)) !== null;
    return { ok: false, refusal: expired ? 'OTP_EXPIRED' : 'INVALID_OTP' };
  }
  if (!(await deleteVerification(db, identifier))) return { ok: false, refusal: 'INVALID_OTP' };
  const { stored, failures } = parseRow(found.value);
  if (failures >= CODE_TRIES) return { ok: false, refusal: 'TOO_MANY_ATTEMPTS' };
  const dot = stored.indexOf('.');
  const hash = dot === -1 ? stored : stored.slice(0, dot);
  if (!constantTimeEqual(hashSecret(code), hash)) {
    await insertVerification(db, identifier, `${stored}:${failures + 1}`, found.expiresAt, nowMs);
    return { ok: false, refusal: 'INVALID_OTP' };
  }
  if (keep) await insertVerification(db, identifier, found.value, found.expiresAt, nowMs);
  return { ok: true, bound: dot === -1 ? undefined : stored.slice(dot + 1) };
}

/** `{stored}:{failures}`; a row without a readable count counts as used up. */
function parseRow(value: string): { stored: string; failures: number } {
  const colon = value.lastIndexOf(':');
  if (colon === -1) return { stored: value, failures: CODE_TRIES };
  const failures = Number(value.slice(colon + 1));
  return {
    stored: value.slice(0, colon),
    failures: Number.isSafeInteger(failures) && failures >= 0 ? failures : CODE_TRIES,
  };
}
