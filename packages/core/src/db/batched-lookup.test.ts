import { describe, expect, it } from 'vitest';
import { batchedGroupLookup, batchedLookup } from './batched-lookup.ts';

interface Row {
  key: string;
}

function recorder(fail = false) {
  const calls: string[][] = [];
  const lookup = batchedLookup<Row>(
    async (keys) => {
      calls.push(keys);
      if (fail) throw new Error('database down');
      return keys.filter((key) => !key.startsWith('missing')).map((key) => ({ key }));
    },
    (row) => row.key,
  );
  return { calls, lookup };
}

describe('batched lookups', () => {
  it('sends the lookups of one turn as one query, each key once, and answers each its own row', async () => {
    const { calls, lookup } = recorder();
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('missing-c')]);
    expect(calls).toEqual([['a', 'b', 'missing-c']]);
    expect(answers).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'a' }, undefined]);
  });

  it('starts a new batch in the next turn', async () => {
    const { calls, lookup } = recorder();
    expect(await lookup('a')).toEqual({ key: 'a' });
    expect(await lookup('b')).toEqual({ key: 'b' });
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('splits a turn of more than 100 keys', async () => {
    const { calls, lookup } = recorder();
    const keys = Array.from({ length: 150 }, (_, i) => `k${i}`);
    const answers = await Promise.all(keys.map(lookup));
    expect(calls.map((batch) => batch.length)).toEqual([100, 50]);
    expect(answers.map((row) => row?.key)).toEqual(keys);
  });

  it('fails every lookup of a batch whose query failed', async () => {
    const { lookup } = recorder(true);
    const settled = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('batched group lookups', () => {
  it('answers each key its rows in the order the query gave them, and none for a key without rows', async () => {
    const calls: string[][] = [];
    const lookup = batchedGroupLookup<{ key: string; n: number }>(
      async (keys) => {
        calls.push(keys);
        // Interleaved, as a query ordered by another column answers them.
        return [
          { key: 'a', n: 1 },
          { key: 'b', n: 2 },
          { key: 'a', n: 3 },
        ];
      },
      (row) => row.key,
    );
    const [a, b, none, again] = await Promise.all([lookup('a'), lookup('b'), lookup('c'), lookup('a')]);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect([a, b, none, again]).toEqual([
      [
        { key: 'a', n: 1 },
        { key: 'a', n: 3 },
      ],
      [{ key: 'b', n: 2 }],
      [],
      [
        { key: 'a', n: 1 },
        { key: 'a', n: 3 },
      ],
    ]);
  });
});
