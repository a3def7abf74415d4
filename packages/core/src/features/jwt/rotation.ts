import { toDate } from '../../db/schema.ts';
import type { JwksRow } from './jwks.repository.ts';

/** When a key stops signing, in epoch ms; null for keys minted without a rotation interval. */
export const expiryOf = (row: Pick<JwksRow, 'expiresAt'>): number | null =>
  row.expiresAt === null ? null : toDate(row.expiresAt).getTime();

const isExpired = (row: JwksRow, now: number): boolean => {
  const expiry = expiryOf(row);
  return expiry !== null && expiry <= now;
};

/**
 * The key that signs now (docs/protocol/jwt.md#keys-and-rotation): the newest unexpired key of the configured
 * algorithm, else the newest unexpired key of any algorithm. Undefined means a new key must be minted, which
 * is how rotation happens: lazily, at the first signing after the old key expired.
 * `rows` arrive newest first.
 */
export function pickSigningRow(rows: JwksRow[], algorithm: string, now: number): JwksRow | undefined {
  const live = rows.filter((row) => !isExpired(row, now));
  return live.find((row) => (row.alg ?? algorithm) === algorithm) ?? live[0];
}

/**
 * Whether /jwks lists a key: always while it signs, and for the grace period after, so tokens it
 * signed just before rotation still verify for clients that fetch the set afterwards.
 */
export function isPublished(row: JwksRow, now: number, gracePeriodSeconds: number): boolean {
  const expiry = expiryOf(row);
  return expiry === null || expiry + gracePeriodSeconds * 1000 > now;
}
