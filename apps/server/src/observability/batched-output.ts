import type { LogOutput } from './logger.ts';

/** How long a line may wait before it is written: short enough to read logs live. */
const FLUSH_INTERVAL_MS = 50;

/**
 * Log lines to a stream, gathered and written every `intervalMs` instead of once per line. Each
 * write to stdout is a system call; under load the access log alone made one per request, and
 * then one per turn of the event loop, still a tenth of a cached get-session's cost
 * (`npm run bench:cost` with LOG_LEVEL=warn as the variant). A batch is also written at once when
 * it passes `maxBytes`, and what is pending when the process exits is handed to the stream then. A
 * file takes it at once; a pipe or socket (stdout under a supervisor) takes at exit only what fits
 * in its buffer, so lines its reader has fallen behind on can be lost then, as can the last
 * interval's lines on a hard kill.
 */
export function batchedOutput(
  stream: NodeJS.WritableStream = process.stdout,
  maxBytes = 64 * 1024,
  intervalMs = FLUSH_INTERVAL_MS,
): LogOutput {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    pending += `${line}\n`;
    if (pending.length >= maxBytes) flush();
    else if (timer === undefined) timer = setTimeout(flush, intervalMs).unref();
  };
}
