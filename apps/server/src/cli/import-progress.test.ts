import { describe, expect, it } from 'vitest';
import { importProgress } from './import-progress.ts';

/** A stand-in for stderr that keeps what is written; the clock is moved by hand. */
function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}
function fakeClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

describe('import progress (docs/protocol/import.md#1-commands-decision)', () => {
  it('on a TTY: one bar redrawn in place, the line ended once at the finish', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = importProgress(stream, clock.now);
    clock.advance(500);
    progress.batch({ done: 500, total: 2000 });
    clock.advance(500);
    progress.batch({ done: 2000, total: 2000 });
    progress.finish();
    expect(stream.written).toEqual([
      `\rgatehouse: import [${'#'.repeat(8)}${'-'.repeat(22)}] 500/2000 users (25%), 1000 users/s\x1b[K`,
      `\rgatehouse: import [${'#'.repeat(30)}] 2000/2000 users (100%), 2000 users/s\x1b[K`,
      '\n',
    ]);
  });

  it('not on a TTY: one line per committed batch and nothing at the finish', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const progress = importProgress(stream, clock.now);
    clock.advance(1000);
    progress.batch({ done: 1500, total: 100000 });
    progress.finish();
    expect(stream.written).toEqual(['gatehouse: import: 1500/100000 users (1.5%), 1500 users/s\n']);
  });

  it('a TTY with no batch committed (a refused file) gets no stray line break', () => {
    const stream = fakeStream(true);
    importProgress(stream).finish();
    expect(stream.written).toEqual([]);
  });
});
