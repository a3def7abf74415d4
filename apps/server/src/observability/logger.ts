import type { LogContext } from '@gatehouse/core';
import { type DestinationStream, type Logger, pino } from 'pino';
import { batchedOutput } from './batched-output.ts';
import type { ObservabilityConfig } from './observability-config.ts';
import { prettyLine } from './pretty-line.ts';

export type { Logger } from 'pino';

/** Where finished lines go, one call per line without its newline; tests collect them. */
export type LogOutput = (line: string) => void;

/**
 * The server's one logger: JSON lines in production, readable lines in development (LOG_FORMAT),
 * at LOG_LEVEL. Lines written while a request is handled carry its `reqId`.
 */
export function createLogger(
  { logLevel, logFormat }: Pick<ObservabilityConfig, 'logLevel' | 'logFormat'>,
  output: LogOutput = batchedOutput(),
): Logger {
  const destination: DestinationStream = {
    write(chunk: string) {
      const json = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
      output(logFormat === 'json' ? json : prettyLine(JSON.parse(json)));
    },
  };
  return pino({ level: logLevel }, destination);
}

/** The engine's and the pool's `logError` hook, as an error entry with the cause and the request's id. */
export const errorLogger =
  (logger: Logger) =>
  (message: string, error: unknown, context?: LogContext): void =>
    logger.error({ err: error, ...requestFields(context) }, message);

/** The fields that tie a line to the request it was written for: `reqId`, when there was one. */
export const requestFields = (context: LogContext | undefined): { reqId?: string } =>
  context?.requestId === undefined ? {} : { reqId: context.requestId };
