import type { LogOutput } from './logger.ts';

/**
 * Log lines to a stream, written once per turn of the event loop instead of once per line.
 * Each write to stdout is a system call, and under load the access log alone made one per request:
 * a fifth of the server's time (`npm run bench:profile`). Lines of one turn go out together at the
 * next `setImmediate`, or at once when the batch passes `maxBytes`. What is pending is written when
 * the process exits (stdout to a file or pipe is synchronous on Linux), so a normal exit or
 * `process.exit` loses nothing; only a hard kill can lose the current turn's lines.
 */
export function batchedOutput(
  stream: NodeJS.WritableStream = process.stdout,
  maxBytes = 64 * 1024,
): LogOutput {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    pending += `${line}\n`;
    if (pending.length >= maxBytes) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
