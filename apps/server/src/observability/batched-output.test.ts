import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchedOutput } from './batched-output.ts';

function collector() {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { stream, writes };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batchedOutput', () => {
  it('writes the lines of one interval together, each ending in a newline', async () => {
    const { stream, writes } = collector();
    const output = batchedOutput(stream, 64 * 1024, 30);
    output('{"a":1}');
    await pause(5);
    output('{"b":2}');
    expect(writes).toEqual([]);
    await pause(60);
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    output('{"c":3}');
    await pause(60);
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes at once when the batch passes its size limit', () => {
    const { stream, writes } = collector();
    const output = batchedOutput(stream, 10, 60_000);
    output('12345');
    expect(writes).toEqual([]);
    output('67890');
    expect(writes).toEqual(['12345\n67890\n']);
  });

  it('drain resolves once the stream has written every line handed to it', async () => {
    const writes: string[] = [];
    // A stream that takes 40 ms per write, as a lagging log reader makes stdout.
    const slow = new Writable({
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          writes.push(chunk.toString());
          done();
        }, 40);
      },
    });
    const output = batchedOutput(slow, 10, 60_000);
    output('12345');
    output('67890');
    output('last');
    await output.drain(5_000);
    expect(writes.join('')).toBe('12345\n67890\nlast\n');
  });

  it('drain gives up after its timeout when the stream never takes the lines', async () => {
    const stuck = new Writable({ write: () => {} });
    const output = batchedOutput(stuck, 64 * 1024, 60_000);
    output('never written');
    const started = Date.now();
    await output.drain(150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

/**
 * A real pipe: a process writes 2 MB of log lines to its stdout, more than the pipe holds, while
 * the reader (this test) has not started reading. Node queues what the pipe cannot take yet, and
 * `process.exit` drops the queue; waiting for `drain` first keeps every line.
 */
describe('batchedOutput over a pipe whose reader lags', () => {
  const LINES = 40_000;
  const linesReceived = async (drainFirst: boolean): Promise<number> => {
    const module = new URL('./batched-output.ts', import.meta.url).href;
    const script = `
      const { batchedOutput } = await import(${JSON.stringify(module)});
      const output = batchedOutput(process.stdout);
      for (let i = 0; i < ${LINES}; i++) output(JSON.stringify({ line: i, pad: 'x'.repeat(32) }));
      process.stderr.write('written\\n');
      ${drainFirst ? 'await output.drain(10_000);' : ''}
      process.exit(0);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close': the process has exited and its stdout has ended, so everything it sent has been read.
    const closed = new Promise((resolve) => child.on('close', resolve));
    // Reading starts only once every line is handed over, and without draining only once the
    // process is gone: the lag is certain, whatever the machine's speed.
    await new Promise((resolve) =>
      drainFirst ? child.stderr.on('data', resolve) : child.on('exit', resolve),
    );
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    await closed;
    return text.split('\n').filter((line) => line.startsWith('{"line":')).length;
  };

  it('loses the queued lines when the process exits without draining (what drain is for)', async () => {
    expect(await linesReceived(false)).toBeLessThan(LINES);
  }, 20_000);

  it('keeps every line when the process drains before it exits', async () => {
    expect(await linesReceived(true)).toBe(LINES);
  }, 20_000);
});
