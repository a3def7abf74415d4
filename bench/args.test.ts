import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args.ts';

describe('parseBenchArgs --repeat', () => {
  it('runs once unless told otherwise', () => {
    expect(parseBenchArgs([]).repeat).toBe(1);
  });

  it('takes a whole number of runs', () => {
    expect(parseBenchArgs(['--repeat', '5']).repeat).toBe(5);
  });

  it.each(['0', '2.5', 'five'])('refuses %s with the usage', (value) => {
    expect(() => parseBenchArgs(['--repeat', value])).toThrow(
      new RegExp(`--repeat needs a whole number above 0, got "${value}"[\\s\\S]*--repeat <n>`),
    );
  });
});
