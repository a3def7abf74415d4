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
});
