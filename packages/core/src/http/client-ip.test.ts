import { describe, expect, it } from 'vitest';
import { normalizeIp } from './client-ip.ts';

describe('client IP normalisation', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0000'],
    ['2001:db8:1:2:3:4:5:6', '2001:0db8:0001:0002:0000:0000:0000:0000'],
    ['::1', '0000:0000:0000:0000:0000:0000:0000:0000'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });
});
