import { describe, expect, it } from 'vitest';
import { sendAtTurnEnd } from './turn-writes.ts';

/** Resolves once the event loop's check phase has run: after every `setImmediate` queued before it. */
const nextCheckPhase = () => new Promise((resolve) => setImmediate(resolve));

describe('answers sent at the end of the turn', () => {
  it('sends nothing at once, then every answer of the turn together, in the order they finished', async () => {
    const sent: string[] = [];
    const settled = [1, 2, 3].map((n) => sendAtTurnEnd(() => sent.push(`answer ${n}`)));
    expect(sent).toEqual([]);
    await Promise.resolve();
    expect(sent).toEqual([]);
    await Promise.all(settled);
    expect(sent).toEqual(['answer 1', 'answer 2', 'answer 3']);
  });

  it('rejects the one answer whose send threw, and still sends the rest', async () => {
    const sent: number[] = [];
    const failure = new Error('invalid header');
    const first = sendAtTurnEnd(() => sent.push(1));
    const broken = sendAtTurnEnd(() => {
      throw failure;
    });
    const last = sendAtTurnEnd(() => sent.push(3));
    await expect(broken).rejects.toBe(failure);
    await expect(Promise.all([first, last])).resolves.toBeDefined();
    expect(sent).toEqual([1, 3]);
  });

  it('sends an answer finished while a batch goes out with the next turn, not never', async () => {
    const sent: string[] = [];
    let later: Promise<void> | undefined;
    await sendAtTurnEnd(() => {
      sent.push('first');
      later = sendAtTurnEnd(() => sent.push('second'));
    });
    expect(sent).toEqual(['first']);
    await nextCheckPhase();
    await later;
    expect(sent).toEqual(['first', 'second']);
  });
});
