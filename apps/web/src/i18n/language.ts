import { useCallback, useSyncExternalStore } from 'react';
import { de } from './de.ts';
import { type Catalogue, en, type MessageKey } from './en.ts';
import { formatMessage } from './format-message.ts';
import { fr } from './fr.ts';

export const CATALOGUES = { en, de, fr } as const satisfies Record<string, Catalogue>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];
/** Each language named in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

const STORAGE_KEY = 'language';
const isLanguage = (value: string | null): value is Language => value !== null && value in CATALOGUES;

/** The stored choice, else the first of the browser's languages the app speaks, else English. */
function detect(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused: the browser's languages decide.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

const listeners = new Set<() => void>();
let current: Language = 'en';

/** Picks the language before the first render and says it on <html lang>. */
export function startLanguage(): void {
  current = detect();
  document.documentElement.lang = current;
}

export function setLanguage(language: Language): void {
  current = language;
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Kept for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message in `language` with its values filled in: placeholders, numbers and plurals (format-message.ts). */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}) {
  return formatMessage(language, CATALOGUES[language][key], values);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * `t` in the language chosen right now, for code that runs outside a component (a toast after a
 * request, say). Nothing re-renders when the language changes: components use useTranslation.
 */
export const translateNow: Translate = (key, values) => translate(current, key, values);

/** The current language and `t(key, values)` in it; components re-render when it changes. */
export function useTranslation() {
  const language = useSyncExternalStore(subscribe, () => current);
  const t = useCallback<Translate>((key, values) => translate(language, key, values), [language]);
  return { language, t };
}
