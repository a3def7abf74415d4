/** How the server reports on itself: log level and format, and who may read `/metrics`. */
export interface ObservabilityConfig {
  logLevel: LogLevel;
  /** JSON lines for collectors, or one readable line per entry for a terminal. */
  logFormat: 'json' | 'pretty';
  /** A bearer token that opens `/metrics` to other hosts; unset: loopback only. */
  metricsToken: string | undefined;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A token shorter than this is guessable over the network. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** Reads LOG_LEVEL, LOG_FORMAT and METRICS_TOKEN; problems are added to the list `loadConfig` reports. */
export function readObservability(
  env: Record<string, string | undefined>,
  production: boolean,
  problems: string[],
): ObservabilityConfig {
  const logLevel = (env.LOG_LEVEL || 'info').trim().toLowerCase();
  if (!isLogLevel(logLevel))
    problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  const logFormat = (env.LOG_FORMAT || (production ? 'json' : 'pretty')).trim().toLowerCase();
  if (logFormat !== 'json' && logFormat !== 'pretty')
    problems.push(`LOG_FORMAT: expected 'json' or 'pretty', got '${env.LOG_FORMAT}'`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  // The token itself is never echoed: the problem line names only its length.
  if (metricsToken !== undefined && !/^[\x21-\x7e]+$/.test(metricsToken))
    problems.push('METRICS_TOKEN: expected printable characters without spaces');
  else if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH)
    problems.push(`METRICS_TOKEN: expected at least ${MIN_METRICS_TOKEN_LENGTH} characters`);
  return {
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    logFormat: logFormat === 'json' ? 'json' : 'pretty',
    metricsToken,
  };
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}
