import type { EmailLanguage } from './language.ts';

/** One template's words in every email language, keyed alike. */
export type EmailWords<Key extends string> = Record<EmailLanguage, Record<Key, string>>;

/**
 * One template's words in every language, side by side (words/*.ts). English decides the keys;
 * the others must have exactly the same ones (`NoInfer` keeps them from widening the key set), so
 * a missing or misspelt key is a type error in the template's own file. words.test.ts checks that
 * each language uses the same `{placeholders}`.
 */
export function defineEmailWords<const Key extends string>(words: {
  en: Record<Key, string>;
  de: Record<NoInfer<Key>, string>;
  fr: Record<NoInfer<Key>, string>;
}): EmailWords<Key> {
  return words;
}

/**
 * Fills `{name}` placeholders in one pass, so a value that itself looks like a placeholder (a
 * name such as `{organization}`) stays as written. A placeholder without a value stays visible.
 */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
