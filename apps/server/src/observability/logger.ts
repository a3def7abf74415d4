import { hostname } from 'node:os';
import type { LogContext } from '@gatehouse/core';
import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino';
import { batchedOutput } from './batched-output.ts';
import type { ObservabilityConfig } from './observability-config.ts';
import { prettyLine } from './pretty-line.ts';

/** The server's logger: pino's, plus a way in for lines already written as pino writes them. */
export type Logger = PinoLogger & {
  /**
   * Writes a line built as pino's own JSON (`level`, `time`, `pid`, `hostname`, the fields, `msg`),
   * in the configured format. For the access log's one line per request, which is built from known
   * fields without pino's general serialiser (`access-log.ts`).
   */
  writeJson(json: string): void;
  /** The `"pid":…,"hostname":…` part of every line, as pino writes it. */
  readonly baseJson: string;
  /**
   * Resolves once every line written so far has been taken by the output (at most `timeoutMs`):
   * for a graceful shutdown, which would otherwise lose what a lagging log reader has not read.
   */
  drain(timeoutMs: number): Promise<void>;
};

/** Where finished lines go, one call per line without its newline; tests collect them. */
export type LogOutput = ((line: string) => void) & { drain?(timeoutMs: number): Promise<void> };

/**
 * The server's one logger: JSON lines in production, readable lines in development (LOG_FORMAT),
 * at LOG_LEVEL. Lines written while a request is handled carry its `reqId`.
 */
export function createLogger(
  { logLevel, logFormat }: Pick<ObservabilityConfig, 'logLevel' | 'logFormat'>,
  output: LogOutput = batchedOutput(),
): Logger {
  const writeJson = (json: string) => output(logFormat === 'json' ? json : prettyLine(JSON.parse(json)));
  const destination: DestinationStream = {
    write(chunk: string) {
      writeJson(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk);
    },
  };
  const baseJson = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  const drain = (timeoutMs: number) => output.drain?.(timeoutMs) ?? Promise.resolve();
  return Object.assign(pino({ level: logLevel }, destination), { writeJson, baseJson, drain });
}

/** The engine's and the pool's `logError` hook, as an error entry with the cause and the request's id. */
export const errorLogger =
  (logger: Logger) =>
  (message: string, error: unknown, context?: LogContext): void =>
    logger.error({ err: error, ...requestFields(context) }, message);

/** The fields that tie a line to the request it was written for: `reqId`, when there was one. */
export const requestFields = (context: LogContext | undefined): { reqId?: string } =>
  context?.requestId === undefined ? {} : { reqId: context.requestId };
