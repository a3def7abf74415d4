/** pino's numeric levels, as a person reads them. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, or that the line's layout already shows. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId']);

/**
 * One JSON log entry as one readable line for development: time, level, `[request id]`, message,
 * then the other fields as `key=value`; an error's stack follows on its own lines. A line without
 * fields ends with its message, so the dev outbox's link or code stays last, as terminals want it.
 */
export function prettyLine(entry: Record<string, unknown>): string {
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = LEVEL_NAMES[Number(entry.level)] ?? String(entry.level);
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const request = typeof entry.reqId === 'string' ? [`[${entry.reqId}]`] : [];
  const line = [time, level.padEnd(5), ...request, String(entry.msg ?? ''), ...fields].join(' ');
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  if (!err) return line;
  return `${line}\n${typeof err.stack === 'string' ? err.stack : String(err.message)}`;
}
