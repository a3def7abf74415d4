import { describe, expect, it } from 'vitest';
import { initials } from './avatar.tsx';

describe('initials', () => {
  it.each([
    ['Ada King Lovelace', 'AL'],
    ['  ada   lovelace ', 'AL'],
    ['ada', 'A'],
    ['', '?'],
    ['   ', '?'],
    ['😀 Smile', '😀S'],
  ])('%j reads %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
