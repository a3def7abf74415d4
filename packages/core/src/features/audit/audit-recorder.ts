import type { Kysely } from 'kysely';
import { keyGrantOf } from '../../access/key-grant.ts';
import type { AuditEventInput } from '../../audit-event.ts';
import type { Executor } from '../../db/executor.ts';
import type { Schema } from '../../db/schema.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedOptions } from '../../options.ts';
import type { EventOutbox } from '../../ports/event-outbox.ts';
import { insertAuditEvent, type NewAuditRow, pruneAuditEvents } from './audit.repository.ts';
import { auditEventId } from './audit-id.ts';

/** Longest user agent kept; longer ones are cut (a header can be kilobytes). */
const MAX_USER_AGENT = 512;
const MAX_REQUEST_ID = 128;
const DAY_MS = 86_400_000;

/**
 * Records security events (features/audit/README.md). `record` writes after an action has
 * succeeded or been refused and never throws: a failed write is logged and counted. `recordIn`
 * writes on the transaction of the state change it describes, so both land or neither.
 */
export interface AuditRecorder {
  record(request: RequestContext | undefined, event: AuditEventInput): Promise<void>;
  recordIn(db: Executor, request: RequestContext | undefined, event: AuditEventInput): Promise<void>;
  /** Failed writes since start (`auth.audit.failures`), for metrics. */
  readonly failures: number;
  /** Deletes events past the retention; answers how many (0 when events are kept forever). */
  prune(): Promise<number>;
  /**
   * Starts the background prune (an unref'd timer, so it never keeps a process alive). It is the
   * engine's one upkeep tick: `alongside` runs on it too, also when events are kept forever.
   */
  startRetention(alongside?: UpkeepTask[]): void;
  /**
   * Stops the upkeep and the webhooks worker; settles once the worker's attempts in flight have
   * been recorded (each ends within its timeout), so a host closes its database after it.
   */
  stopRetention(): Promise<void>;
}

/** Other upkeep on the retention timer, and the line logged when it fails. */
export interface UpkeepTask {
  run(): Promise<unknown>;
  failure: string;
}

/**
 * With an outbox (webhooks on), every event row is written together with its outbox row, in one
 * transaction; without one, the single insert of before, at no extra cost.
 */
export function createAuditRecorder(
  options: ResolvedOptions,
  db: Kysely<Schema>,
  outbox?: EventOutbox,
): AuditRecorder {
  let failures = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const { retentionDays, pruneIntervalSeconds } = options.audit;

  const build = async (request: RequestContext | undefined, event: AuditEventInput): Promise<NewAuditRow> => {
    const now = options.now();
    // Only a session the request already looked up is used: recording never adds a session read.
    const resolved = request?.session ? await request.session.catch(() => null) : null;
    const sessionUser = resolved?.user;
    const actorId = event.actor?.id !== undefined ? event.actor.id : (sessionUser?.id ?? null);
    const actorEmail =
      event.actor?.email !== undefined
        ? event.actor.email
        : actorId && actorId === sessionUser?.id
          ? sessionUser.email
          : null;
    const impersonatorId =
      event.actor?.impersonatorId !== undefined
        ? event.actor.impersonatorId
        : actorId && actorId === sessionUser?.id
          ? (resolved?.session.impersonatedBy ?? null)
          : null;
    // An event of an API-key session names the key it came through, by id only
    // (docs/protocol/api-key.md#decisions-for-gatehouse, K10); the actor stays the person.
    const grant = sessionUser ? keyGrantOf(sessionUser) : undefined;
    const metadata = grant ? { apiKeyId: grant.keyId, ...event.metadata } : event.metadata;
    return {
      id: auditEventId(now),
      type: event.type,
      occurredAt: new Date(now).toISOString(),
      outcome: event.outcome ?? 'success',
      actorType: event.actor?.type ?? (actorId ? 'user' : 'anonymous'),
      actorId,
      actorEmail,
      impersonatorId,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      organizationId: event.organizationId ?? null,
      sessionId: event.sessionId !== undefined ? event.sessionId : (resolved?.session.id ?? null),
      ip: request ? clientIp({ options }, request) : null,
      userAgent: request?.header('user-agent')?.slice(0, MAX_USER_AGENT) ?? null,
      requestId:
        (request?.log.requestId ?? request?.header('x-request-id'))?.slice(0, MAX_REQUEST_ID) ?? null,
      errorCode: event.errorCode ?? null,
      metadata: metadata ? JSON.stringify(metadata) : null,
    };
  };

  const prune = async (): Promise<number> => {
    if (retentionDays === 0) return 0;
    return pruneAuditEvents(db, new Date(options.now() - retentionDays * DAY_MS).toISOString());
  };

  return {
    get failures() {
      return failures;
    },
    async record(request, event) {
      try {
        const row = await build(request, event);
        if (outbox) {
          await db.transaction().execute(async (trx) => {
            await insertAuditEvent(trx, row);
            await outbox.writeWith(trx, row.id);
          });
          outbox.wake();
        } else await insertAuditEvent(db, row);
      } catch (error) {
        failures++;
        options.events.auditWriteFailed?.();
        options.logError(`Could not record the security event ${event.type}`, error, request?.log);
      }
    },
    async recordIn(trx, request, event) {
      const row = await build(request, event);
      await insertAuditEvent(trx, row);
      if (outbox) {
        await outbox.writeWith(trx, row.id);
        // The transaction may not have committed yet: a tick that misses the row finds it on the next.
        outbox.wake();
      }
    },
    prune,
    startRetention(alongside = []) {
      if (timer || (retentionDays === 0 && alongside.length === 0)) return;
      const tasks: UpkeepTask[] = [
        { run: prune, failure: 'Could not prune old security events' },
        ...alongside,
      ];
      timer = setInterval(() => {
        for (const task of tasks) task.run().catch((error) => options.logError(task.failure, error));
      }, pruneIntervalSeconds * 1000);
      timer.unref();
    },
    async stopRetention() {
      if (timer) clearInterval(timer);
      timer = undefined;
      // The outbox's worker is the other background upkeep; the engine's hosts stop both with this call.
      await outbox?.stop();
    },
  };
}
