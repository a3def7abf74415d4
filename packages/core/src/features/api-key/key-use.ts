import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { findUserById } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';
import {
  deleteApiKey,
  findApiKeyByHash,
  findApiKeyById,
  recordUse,
  type UseWrite,
} from './api-key.repository.ts';
import { KEY_RATE_LIMITED_MESSAGE } from './api-key-errors.ts';
import type { ApiKeyRow, ConfigId } from './api-key-row.ts';
import { decodedKeysOf } from './decoded-keys.ts';
import { hashKey, MIN_PRESENTED_KEY_LENGTH, mayBeStored } from './key-format.ts';
import { isBannedNow } from './owner-ban.ts';

/** Longest stored user agent, as the audit trail keeps it. */
const MAX_USER_AGENT = 512;
/**
 * Each failed compare-and-set means another request counted a use of the same key meanwhile; past
 * this many the key is busier than its limits can be kept exactly, and the request is told to retry.
 */
const MAX_ATTEMPTS = 32;
const BUSY_RETRY_MS = 1000;

/**
 * A key that passed: its row after this use was counted, and whose session it stands for: a
 * personal key's owner, an organization key's creator (only when asked for as a session, K10).
 */
export interface KeyUse {
  row: ApiKeyRow;
  owner: User | null;
  /** A personal key's owner serialised as get-session's `user` (`decoded-keys.ts`). */
  ownerJson?: string;
}

export interface UseOptions {
  /** Only keys of this configuration; any other is an unknown key. Undefined: any configuration. */
  configId: ConfigId | undefined;
  /**
   * The key is to make a session (`x-api-key`): an organization key then needs its creator, still
   * a member in good standing, checked before a use is counted (K10).
   */
  asSession?: boolean;
  /**
   * False: the key is checked (steps 1–6, its owner or creator) but no use is counted or written,
   * neither rate limit nor `remaining` nor the last use: a service key that sits on every
   * introspection request (K12).
   */
  count?: boolean;
}

/**
 * docs/protocol/api-key.md#validation-in-order, with Gatehouse's decisions: the owner is checked
 * before a use is counted, so a banned owner's key is refused without one (K2); the rate limit is
 * checked before `remaining` is spent, so a refused use spends nothing (K7); the counters move by
 * compare-and-set, so concurrent requests never exceed either limit.
 */
export async function useKey(
  auth: AuthContext,
  request: RequestContext,
  key: string,
  options: UseOptions,
): Promise<KeyUse> {
  if (key.length < MIN_PRESENTED_KEY_LENGTH) throw new AuthError('INVALID_API_KEY', { status: 403 });
  // A key in Gatehouse's shape with a wrong checksum was never issued: answered as an unknown key,
  // with no read (docs/protocol/api-key.md#key-format-and-hashing).
  if (!mayBeStored(key)) throw new AuthError('INVALID_API_KEY');
  const found = await findApiKeyByHash(auth.database, hashKey(key), decodedKeysOf(auth.options));
  if (!found || (options.configId !== undefined && found.row.configId !== options.configId))
    throw new AuthError('INVALID_API_KEY');
  let { row } = found;
  const personal = row.configId === 'default';
  const owner = personal
    ? await ownerOf(auth, request, row, found.owner)
    : options.asSession
      ? await creatorOf(auth, request, row)
      : null;
  const ownerJson = personal ? found.ownerJson : undefined;
  if (options.count === false) {
    await refuseUnusable(auth, request, row, auth.options.now());
    return { row, owner, ownerJson };
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = auth.options.now();
    await refuseUnusable(auth, request, row, now);
    const read = countersOf(row);
    const counted = decideUse(row, read, now);
    const ip = clientIp(auth, request);
    const userAgent = request.header('user-agent')?.slice(0, MAX_USER_AGENT) ?? null;
    if (alreadyRecorded(row, read, counted, ip, userAgent, now)) return { row, owner, ownerJson };
    const stamp = isoNow(now);
    const set = {
      ...counted,
      lastRequest: stamp,
      updatedAt: stamp,
      lastRequestIp: ip,
      lastRequestUserAgent: userAgent,
    };
    const after = await recordUse(auth.database, { id: row.id, read, set });
    if (after) return { row: after, owner, ownerJson };
    const again = await findApiKeyById(auth.db, row.id);
    if (!again) throw new AuthError('INVALID_API_KEY');
    row = again;
  }
  throw rateLimited(BUSY_RETRY_MS);
}

/**
 * How stale a key's last-used time may be (docs/protocol/api-key.md#decisions-for-gatehouse, K15): a
 * use that moves no counter, within this long of the recorded one and from the same address and
 * user agent, writes nothing. A busy key without limits then costs its database one write a second
 * instead of one a request; a key with a rate limit or `remaining` is still counted every time.
 */
const LAST_USE_RESOLUTION_MS = 1000;

function alreadyRecorded(
  row: ApiKeyRow,
  read: Counters,
  counted: Counters,
  ip: string | null,
  userAgent: string | null,
  now: number,
): boolean {
  const since = row.lastRequest === null ? null : now - row.lastRequest.getTime();
  return (
    since !== null &&
    since >= 0 &&
    since < LAST_USE_RESOLUTION_MS &&
    counted.requestCount === read.requestCount &&
    counted.remaining === read.remaining &&
    counted.lastRefillAt === read.lastRefillAt &&
    ip === row.lastRequestIp &&
    userAgent === row.lastRequestUserAgent
  );
}

/** Steps 4–6: disabled, expired (deleted), used up without refill (deleted). */
async function refuseUnusable(auth: AuthContext, request: RequestContext, row: ApiKeyRow, now: number) {
  if (row.enabled === false) await refuse(auth, request, row, 'KEY_DISABLED');
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now) {
    await deleteApiKey(auth.db, row.id);
    await refuse(auth, request, row, 'KEY_EXPIRED');
  }
  if (row.remaining === 0 && (row.refillAmount === null || row.refillInterval === null)) {
    await deleteApiKey(auth.db, row.id);
    await refuse(auth, request, row, 'USAGE_EXCEEDED');
  }
}

/**
 * The owner of a personal key, read with the key (`findApiKeyByHash`): a deleted one is an orphaned key of a database Better Auth kept
 * (Gatehouse deletes keys with their owner, K6); a banned one stops the key at once (K2), with the
 * admin feature's rule for when a ban holds.
 */
async function ownerOf(
  auth: AuthContext,
  request: RequestContext,
  row: ApiKeyRow,
  user: User | undefined,
): Promise<User> {
  if (!user) throw new AuthError('INVALID_REFERENCE_ID_FROM_API_KEY');
  if (isBannedNow(auth, user)) await refuse(auth, request, row, 'USER_BANNED');
  return user;
}

/**
 * The member an organization key's session acts as (docs/protocol/api-key.md#decisions-for-gatehouse,
 * K10), read from the database on every use so a removal on any instance stops the key at once: a
 * row older than `createdBy` makes no session (401 INVALID_API_KEY, as before K10); a creator
 * deleted or no longer a member 401 API_KEY_CREATOR_NOT_MEMBER; banned, USER_BANNED as for a
 * personal key.
 */
async function creatorOf(auth: AuthContext, request: RequestContext, row: ApiKeyRow): Promise<User> {
  const membership = auth.ports.membership;
  if (row.configId !== 'organization' || row.createdBy === null || !membership)
    throw new AuthError('INVALID_API_KEY');
  const found = await findUserById(auth.database, row.createdBy);
  if (!found) return refuse(auth, request, row, 'API_KEY_CREATOR_NOT_MEMBER');
  const user = userFromRow(found, auth.options.additionalFields);
  if (isBannedNow(auth, user)) await refuse(auth, request, row, 'USER_BANNED');
  if (!(await membership.memberOf(auth, user.id, row.referenceId)))
    await refuse(auth, request, row, 'API_KEY_CREATOR_NOT_MEMBER');
  return user;
}

/** Records the refusal of an existing key for its own state, then throws it. */
async function refuse(
  auth: AuthContext,
  request: RequestContext,
  row: ApiKeyRow,
  code: ErrorCode,
): Promise<never> {
  await auth.audit.record(request, {
    type: 'api_key.refused',
    outcome: 'failure',
    actor:
      row.configId === 'default'
        ? { type: 'user', id: row.referenceId }
        : row.createdBy !== null
          ? { type: 'user', id: row.createdBy }
          : { type: 'system', id: null },
    target: { type: 'apiKey', id: row.id },
    organizationId: row.configId === 'organization' ? row.referenceId : null,
    sessionId: null,
    errorCode: code,
    metadata: { keyId: row.id, configId: row.configId },
  });
  throw new AuthError(code);
}

const rateLimited = (tryAgainIn: number) =>
  new AuthError('RATE_LIMITED', {
    message: KEY_RATE_LIMITED_MESSAGE,
    details: { details: { tryAgainIn } },
    headers: [['retry-after', String(Math.max(1, Math.ceil(tryAgainIn / 1000)))]],
  });

/**
 * The counters after one allowed use, or the refusal: first the rate limit
 * (docs/protocol/api-key.md#per-key-rate-limit), then the quota
 * (docs/protocol/api-key.md#remaining-and-refill). The use also writes `lastRequest`, the last-used
 * time, also where no window is set (within `LAST_USE_RESOLUTION_MS`, K15).
 */
function decideUse(row: ApiKeyRow, read: Counters, now: number): Counters {
  let requestCount = read.requestCount;
  const window = row.rateLimitTimeWindow;
  const max = row.rateLimitMax;
  if (row.rateLimitEnabled !== false && window !== null && max !== null) {
    const since = row.lastRequest === null ? null : now - row.lastRequest.getTime();
    if (since === null || since > window) requestCount = 1;
    else if ((requestCount ?? 0) >= max) throw rateLimited(Math.ceil(window - since));
    else requestCount = (requestCount ?? 0) + 1;
  }
  let remaining = read.remaining;
  let lastRefillAt = read.lastRefillAt;
  if (remaining !== null) {
    const refillFrom = (row.lastRefillAt ?? row.createdAt).getTime();
    if (row.refillInterval !== null && row.refillAmount !== null && now - refillFrom > row.refillInterval) {
      remaining = row.refillAmount - 1;
      lastRefillAt = isoNow(now);
    } else if (remaining > 0) remaining -= 1;
    else throw new AuthError('USAGE_EXCEEDED');
  }
  return { requestCount, remaining, lastRefillAt };
}

/** The counters a use moves, in their stored form: compared by the compare-and-set (`recordUse`). */
type Counters = UseWrite['read'];

const countersOf = (row: ApiKeyRow): Counters => ({
  requestCount: row.requestCount,
  remaining: row.remaining,
  lastRefillAt: row.lastRefillAt === null ? null : row.lastRefillAt.toISOString(),
});
