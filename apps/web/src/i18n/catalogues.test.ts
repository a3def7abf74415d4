import { describe, expect, it } from 'vitest';
import { AREAS } from './all-messages.ts';
import { CATALOGUES, translate } from './language.ts';

/** The values a message takes: `{name}`, and the count of `{count, plural, …}`. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|\s*,\s*plural\s*,)/g)].map((match) => match[1]))].sort();

describe('the catalogues', () => {
  const english = CATALOGUES.en;
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language} has every key of English, no other, each with the same placeholders`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english[key as keyof typeof english]));
      }
    });
  }

  it('no two areas share a key (the later one would silently win)', () => {
    const keys = AREAS.flatMap((area) => Object.keys(area.en));
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.keys(english).length).toBe(keys.length);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('de', 'org.join', { name: 'Acme' })).toBe('Acme beitreten');
    expect(translate('fr', 'org.join')).toBe('Rejoindre {name}');
  });
});
