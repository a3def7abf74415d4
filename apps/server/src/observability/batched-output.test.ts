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

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedOutput', () => {
  it('writes the lines of one turn of the event loop together, each ending in a newline', async () => {
    const { stream, writes } = collector();
    const output = batchedOutput(stream);
    output('{"a":1}');
    output('{"b":2}');
    expect(writes).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    output('{"c":3}');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes at once when the batch passes its size limit', () => {
    const { stream, writes } = collector();
    const output = batchedOutput(stream, 10);
    output('12345');
    expect(writes).toEqual([]);
    output('67890');
    expect(writes).toEqual(['12345\n67890\n']);
  });
});
