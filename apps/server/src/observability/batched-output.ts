import type { LogOutput } from './logger.ts';

/**
 * An output whose lines can be waited for: `drain` writes what is pending and resolves once the
 * stream has taken everything, or after `timeoutMs`.
 */
export type DrainableOutput = LogOutput & { drain(timeoutMs: number): Promise<void> };

/** How long a line may wait before it is written: short enough to read logs live. */
const FLUSH_INTERVAL_MS = 50;

/**
 * Log lines to a stream, gathered and written every `intervalMs` instead of once per line. Each
 * write to stdout is a system call; under load the access log alone made one per request, and
 * then one per turn of the event loop, still a tenth of a cached get-session's cost
 * (`npm run bench:cost` with LOG_LEVEL=warn as the variant). A batch is also written at once when
 * it passes `maxBytes`. Stdout to a pipe or socket (under a supervisor) is not synchronous: it takes
 * what fits in its buffer and queues the rest until its reader catches up, and what is queued when
 * the process exits is lost. So a graceful shutdown waits for `drain`; what is pending at any other
 * exit is still handed over then, and reaches a file in full, a pipe as far as its buffer allows.
 */
export function batchedOutput(
  stream: NodeJS.WritableStream = process.stdout,
  maxBytes = 64 * 1024,
  intervalMs = FLUSH_INTERVAL_MS,
): DrainableOutput {
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
  const output = (line: string): void => {
    pending += `${line}\n`;
    if (pending.length >= maxBytes) flush();
    else if (timer === undefined) timer = setTimeout(flush, intervalMs).unref();
  };
  const drain = (timeoutMs: number): Promise<void> => {
    flush();
    return new Promise((resolve) => {
      // A reader that never reads must not hold the process open for ever.
      const giveUp = setTimeout(resolve, timeoutMs);
      // Writes complete in order: this one's callback runs once everything before it is written.
      stream.write('', () => {
        clearTimeout(giveUp);
        resolve();
      });
    });
  };
  return Object.assign(output, { drain });
}
