/** Where progress goes: stderr, or a stand-in for it in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ImportProgress {
  /** Called once per committed batch. */
  batch(progress: { done: number; total: number }): void;
  /** Ends the bar's line, so what follows starts on its own. */
  finish(): void;
}

const BAR_WIDTH = 30;

/**
 * Progress of `gatehouse import` (docs/protocol/import.md#1-commands-decision): on a TTY one bar
 * redrawn in place, otherwise one line per committed batch, which a log keeps readable. `now`
 * gives milliseconds, injectable so the rate can be checked without waiting.
 */
export function importProgress(
  stream: ProgressStream,
  now: () => number = () => performance.now(),
): ImportProgress {
  const started = now();
  let drawn = false;
  return {
    batch({ done, total }) {
      const seconds = (now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(done / seconds) : done;
      const share = total === 0 ? 1 : done / total;
      const percent = Math.round(share * 1000) / 10;
      const counts = `${done}/${total} users (${percent}%), ${rate} users/s`;
      if (!stream.isTTY) {
        stream.write(`gatehouse: import: ${counts}\n`);
        return;
      }
      const filled = Math.round(share * BAR_WIDTH);
      // `\r` returns to the line's start and `\x1b[K` clears what a longer previous draw left.
      stream.write(
        `\rgatehouse: import [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${counts}\x1b[K`,
      );
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\n');
    },
  };
}
