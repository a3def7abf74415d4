import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message.ts';
import { CATALOGUES, LANGUAGES, translate } from './language.ts';

const KEYS = '{count, plural, one {# API key} other {# API keys}}';

describe('formatMessage', () => {
  it('fills placeholders, and leaves one without a value visible', () => {
    expect(formatMessage('en', 'Hello {name}, {missing}', { name: 'Ada' })).toBe('Hello Ada, {missing}');
    expect(formatMessage('en', 'A lone { brace and {"json": 1}')).toBe('A lone { brace and {"json": 1}');
  });

  it('writes numbers as each language does', () => {
    expect(formatMessage('en', '{n} rows', { n: 1234567 })).toBe('1,234,567 rows');
    expect(formatMessage('de', '{n} Zeilen', { n: 1234567 })).toBe('1.234.567 Zeilen');
    // French groups with a narrow no-break space.
    expect(formatMessage('fr', '{n} lignes', { n: 1234567 })).toBe('1\u202f234\u202f567 lignes');
    expect(formatMessage('en', 'code {code}', { code: '1234' })).toBe('code 1234');
  });

  it('picks English plural forms, with # as the formatted count', () => {
    expect([0, 1, 3, 1000].map((count) => formatMessage('en', KEYS, { count }))).toEqual([
      '0 API keys',
      '1 API key',
      '3 API keys',
      '1,000 API keys',
    ]);
  });

  it('picks German and French forms: French counts 0 as one', () => {
    const de = '{count, plural, one {# Schlüssel} other {# Schlüssel}} für {name}';
    expect(formatMessage('de', de, { count: 2, name: 'Ada' })).toBe('2 Schlüssel für Ada');
    const fr = '{count, plural, one {# clé} other {# clés}}';
    expect([0, 1, 2].map((count) => formatMessage('fr', fr, { count }))).toEqual([
      '0 clé',
      '1 clé',
      '2 clés',
    ]);
  });

  it('picks Polish one, few, many and other', () => {
    const pl = '{count, plural, one {# klucz} few {# klucze} many {# kluczy} other {# klucza}}';
    expect([1, 2, 4, 5, 12, 22, 25, 1.5].map((count) => formatMessage('pl', pl, { count }))).toEqual([
      '1 klucz',
      '2 klucze',
      '4 klucze',
      '5 kluczy',
      '12 kluczy',
      '22 klucze',
      '25 kluczy',
      '1,5 klucza',
    ]);
  });

  it('prefers an exact =N branch, falls back to other, and keeps placeholders inside branches', () => {
    const message =
      '{count, plural, =0 {No keys for {name}} one {One key for {name}} other {# keys for {name}}}';
    expect(formatMessage('en', message, { count: 0, name: 'Ada' })).toBe('No keys for Ada');
    expect(formatMessage('en', message, { count: 1, name: 'Ada' })).toBe('One key for Ada');
    expect(formatMessage('pl', '{count, plural, one {# klucz} other {# kluczy}}', { count: 5 })).toBe(
      '5 kluczy',
    );
    // Without a count the plural stays as written, as a placeholder without a value does.
    expect(formatMessage('en', KEYS)).toBe(KEYS);
  });

  it('refuses a plural without an other branch', () => {
    expect(() => formatMessage('en', '{count, plural, one {# key}}', { count: 2 })).toThrow(/other/);
  });

  it('formats every message of every catalogue', () => {
    const values = new Proxy({} as Record<string, number>, { get: () => 2, has: () => true });
    for (const language of LANGUAGES)
      for (const key of Object.keys(CATALOGUES[language]) as (keyof (typeof CATALOGUES)['en'])[])
        expect(() => translate(language, key, values), `${language} ${key}`).not.toThrow();
  });
});

describe('the catalogues’ plural messages', () => {
  it('say one and many in en, de and fr', () => {
    const say = (language: 'en' | 'de' | 'fr', count: number) =>
      translate(language, 'org.members.matchCount', { count, search: 'ad' });
    expect([1, 2, 1500].map((count) => say('en', count))).toEqual([
      '1 member matches “ad”',
      '2 members match “ad”',
      '1,500 members match “ad”',
    ]);
    expect([1, 2].map((count) => say('de', count))).toEqual([
      '1 Mitglied passt zu „ad“',
      '2 Mitglieder passen zu „ad“',
    ]);
    expect([0, 1, 2].map((count) => say('fr', count))).toEqual([
      '0 membre correspond à « ad »',
      '1 membre correspond à « ad »',
      '2 membres correspondent à « ad »',
    ]);
    expect(translate('en', 'error.field.tooShortBy', { count: 1 })).toBe('Use at least 1 character.');
    expect(translate('fr', 'account.sessions.count', { count: 3 })).toBe('3 sessions actives');
  });
});
