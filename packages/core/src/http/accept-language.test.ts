import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './accept-language.ts';

const SUPPORTED = ['en', 'de', 'fr'] as const;
const pick = (header: string | null) => preferredLanguage(header, SUPPORTED, 'en');

describe('preferredLanguage', () => {
  it('takes the first supported language in header order', () => {
    expect(pick('de')).toBe('de');
    expect(pick('fr, de')).toBe('fr');
    expect(pick('es, it, fr, de')).toBe('fr');
  });

  it('matches a regional tag by its primary subtag, in any case', () => {
    expect(pick('de-DE,de;q=0.9')).toBe('de');
    expect(pick('FR-ca')).toBe('fr');
    expect(pick('de-CH-1996')).toBe('de');
  });

  it('honours q-values over header order, keeping header order among equals', () => {
    expect(pick('de;q=0.5, fr;q=0.8')).toBe('fr');
    expect(pick('en;q=0.1, es, de;q=0.7')).toBe('de');
    expect(pick('fr;q=0.8, de;q=0.8')).toBe('fr');
    expect(pick('de;q=1.000, fr')).toBe('de');
  });

  it('skips languages refused with q=0', () => {
    expect(pick('de;q=0, fr;q=0.1')).toBe('fr');
    expect(pick('fr;q=0.000')).toBe('en');
  });

  it('falls back to English for no header, nothing supported, or any language (*)', () => {
    expect(pick(null)).toBe('en');
    expect(pick('')).toBe('en');
    expect(pick('es, it;q=0.9')).toBe('en');
    expect(pick('*')).toBe('en');
    expect(pick('es, *;q=0.5, de;q=0.1')).toBe('en');
  });

  it('skips malformed ranges and weights instead of guessing', () => {
    expect(pick('de;q=2, fr')).toBe('fr');
    expect(pick('de;q=abc, fr')).toBe('fr');
    expect(pick('de;q=0.9999, fr;q=0.1')).toBe('fr');
    expect(pick('d e, <fr>, fr-')).toBe('en');
    expect(pick('\u0000de, de\u0000')).toBe('en');
    expect(pick(',,, ;q=1, de')).toBe('de');
  });

  it('reads a bounded number of ranges from an oversized header', () => {
    const header = `${'es, '.repeat(10_000)}de`;
    expect(pick(header)).toBe('en');
    expect(pick(`${'es, '.repeat(10)}de`)).toBe('de');
  });
});
