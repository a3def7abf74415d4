import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineEmailWords, type EmailWords } from '../email-words.ts';
import { EMAIL_LANGUAGES } from '../language.ts';
import { ALL_EMAIL_WORDS } from './all-words.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** What is wrong with a template's words: a language missing a key, having another, or other placeholders. */
function problems(words: EmailWords<string>): string[] {
  const english = words.en;
  const found: string[] = [];
  for (const language of EMAIL_LANGUAGES) {
    const own = words[language];
    for (const key of Object.keys(english)) {
      const text = own[key];
      if (text === undefined) found.push(`${language} lacks ${key}`);
      else if (text.trim() === '') found.push(`${language} ${key} is empty`);
      else if (placeholders(text).join() !== placeholders(english[key] ?? '').join())
        found.push(`${language} ${key} has placeholders {${placeholders(text).join('}, {')}}`);
    }
    for (const key of Object.keys(own)) if (!(key in english)) found.push(`${language} has extra ${key}`);
  }
  return found;
}

describe('email words', () => {
  for (const [template, words] of Object.entries(ALL_EMAIL_WORDS)) {
    it(`${template}: every language has English's keys, no other, each with the same placeholders`, () => {
      expect(problems(words)).toEqual([]);
    });
  }

  it('the check finds a missing key, an extra key and a changed placeholder', () => {
    // Built around defineEmailWords, whose types would refuse these mistakes at compile time.
    const broken = {
      en: { subject: 'Join {organization}', action: 'Open' },
      de: { subject: 'Einladung zu {org}', action: 'Öffnen' },
      fr: { subject: 'Rejoindre {organization}', other: 'x' },
    } as unknown as EmailWords<string>;
    expect(problems(broken)).toEqual([
      'de subject has placeholders {org}',
      'fr lacks action',
      'fr has extra other',
    ]);
  });

  it('lists every words file, so none escapes the check above', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'all-words.ts',
    );
    expect(files.length).toBe(Object.keys(ALL_EMAIL_WORDS).length);
  });

  it('refuses, at compile time, a language that lacks a key (tsc fails on an unused @ts-expect-error)', () => {
    const words = defineEmailWords({
      en: { subject: 'Subject', body: 'Body' },
      // @ts-expect-error body is missing in German
      de: { subject: 'Betreff' },
      fr: { subject: 'Objet', body: 'Corps' },
    });
    expect(problems(words)).toEqual(['de lacks body']);
  });
});
