import type { AuthDatabase, AuthEvents, SecondaryStorage } from '@gatehouse/core';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { probeDatabase, probeStorage } from '../readiness.ts';
import type { FinishedRequest } from './access-log.ts';
import { createRequestSeries } from './request-series.ts';
import { readWebhookBacklog } from './webhook-backlog.ts';

/** Seconds: most answers take a few milliseconds; password hashing takes about a tenth of a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricSources {
  database: AuthDatabase;
  /** Redis, when configured. */
  storage?: SecondaryStorage;
}

/** The server's Prometheus metrics and the hooks that move them. */
export interface Metrics {
  registry: Registry;
  /** Counts a finished request: by route, sign-in outcome, rate-limit refusal, database outage. */
  requestFinished(request: FinishedRequest): void;
  /** The engine's events: sessions created and revoked, audit writes that failed, webhook attempts. */
  events: AuthEvents;
  /** A message the mailer could not deliver. */
  mailFailed(kind: string): void;
  /** The pool lost a connection (PostgreSQL restarted, the network dropped it). */
  connectionLost(): void;
}

/**
 * One registry per server, so several servers in one process (tests) keep their own counts.
 * `sources` is read at scrape time: the database is opened after the metrics that count its errors.
 */
export function createMetrics(
  sources: () => MetricSources,
  { redis, webhooks = false }: { redis: boolean; webhooks?: boolean },
): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Counter<Label>({ name, help, labelNames, registers });
  collectDefaultMetrics({ register: registry });

  const perRequest = createRequestSeries(
    registry,
    { requests: 'gatehouse_http_requests_total', latency: 'gatehouse_http_request_duration_seconds' },
    LATENCY_BUCKETS,
  );
  // The engine says which requests were sign-in attempts and with which factor, so a new way of
  // signing in is counted without a table here.
  const signIns = counter(
    'gatehouse_sign_ins_total',
    "Sign-in attempts by factor (password, username, passkey, social, email-link, email-otp, totp, otp, backup-code) and outcome: 'success', 'challenged' (a second factor is owed) or the refusal's error code.",
    ['factor', 'outcome'],
  );
  const rateLimited = counter(
    'gatehouse_rate_limit_refusals_total',
    'Requests refused with 429 RATE_LIMITED, by route template.',
    ['route'],
  );
  const sessionsCreated = counter(
    'gatehouse_sessions_created_total',
    'Sessions created (sign-up, sign-in, second factor, social, impersonation, rotation).',
  );
  const sessionsRevoked = counter(
    'gatehouse_sessions_revoked_total',
    'Sessions ended before their time (sign-out, revocation, password change or reset, ban, deletion).',
  );
  const databaseErrors = counter(
    'gatehouse_database_errors_total',
    "Database failures: 'unavailable' answers (503) and 'connection_lost' pool events.",
    ['kind'],
  );
  const auditFailures = counter(
    'gatehouse_audit_write_failures_total',
    'Security events the audit log could not store (the action itself went ahead; each failure is logged).',
  );
  const mailFailures = counter(
    'gatehouse_mail_delivery_failures_total',
    'Messages the mail server did not accept, by kind (verification, password-reset, …).',
    ['kind'],
  );
  const webhookAttempts = counter(
    'gatehouse_webhook_deliveries_total',
    "Webhook delivery attempts by outcome: 'succeeded' (2xx), 'retried' (failed, another attempt is scheduled), 'failed' (failed for good).",
    ['outcome'],
  );
  if (webhooks)
    new Gauge({
      name: 'gatehouse_webhook_outbox_age_seconds',
      help: "Seconds the oldest webhook work has waited at scrape time: 'outbox' (an event not yet fanned out), 'deliveries' (a due attempt); 0 when none waits. Absent with WEBHOOKS=off.",
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const backlog = await readWebhookBacklog(sources().database, Date.now()).catch(() => undefined);
        if (!backlog) return;
        this.set({ queue: 'outbox' }, backlog.outbox);
        this.set({ queue: 'deliveries' }, backlog.deliveries);
      },
    });
  new Gauge({
    name: 'gatehouse_database_up',
    help: '1 when the database answers a probe at scrape time, else 0.',
    registers,
    async collect() {
      this.set((await probeDatabase(sources().database)) === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gatehouse_database_pool_connections',
    help: "PostgreSQL pool: connections by state ('total' open, 'idle', 'waiting' queries, 'max').",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources().database.poolUse?.();
      if (!use) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
    },
  });
  if (redis)
    new Gauge({
      name: 'gatehouse_redis_up',
      help: '1 when Redis answers a probe at scrape time, else 0 (sessions then fall back to the database); absent without REDIS_URL.',
      registers,
      async collect() {
        this.set((await probeStorage(sources().storage)) === 'up' ? 1 : 0);
      },
    });

  return {
    registry,
    requestFinished({ method, route, status, durationMs, code, signIn }) {
      perRequest.record(method, route, status, durationMs / 1000);
      if (signIn) signIns.inc(signIn);
      if (code === 'RATE_LIMITED') rateLimited.inc({ route });
      if (code === 'SERVICE_UNAVAILABLE') databaseErrors.inc({ kind: 'unavailable' });
    },
    events: {
      sessionCreated: () => sessionsCreated.inc(),
      sessionsRevoked: (count) => sessionsRevoked.inc(count),
      auditWriteFailed: () => auditFailures.inc(),
      webhookAttempted: (outcome) => webhookAttempts.inc({ outcome }),
    },
    mailFailed: (kind) => mailFailures.inc({ kind }),
    connectionLost: () => databaseErrors.inc({ kind: 'connection_lost' }),
  };
}
