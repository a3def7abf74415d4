import { describe, expect, it } from 'vitest';
import { type Language, type Translate, translate } from '../../i18n/language.ts';
import { scopesReady, scopesSummary } from './scope-picker.tsx';

const wordsOf =
  (language: Language): Translate =>
  (key, values) =>
    translate(language, key, values);

describe('a key’s scopes in one line', () => {
  it('follows the statements’ order of resources and keeps the stored order of actions', () => {
    expect(scopesSummary({ team: ['delete', 'create'], organization: ['update'] }, wordsOf('en'))).toBe(
      'Organization: Update · Teams: Delete, Create',
    );
  });

  it('shows what the app does not know as stored, after the rest, and leaves out resources with nothing', () => {
    expect(scopesSummary({ billing: ['refund'], member: [], ac: ['read'] }, wordsOf('en'))).toBe(
      'Roles: Read · billing: refund',
    );
  });

  it('reads in German and French', () => {
    expect(scopesSummary({ apiKey: ['read'] }, wordsOf('de'))).toBe('API-Schlüssel: Lesen');
    expect(scopesSummary({ apiKey: ['read'] }, wordsOf('fr'))).toBe('Clés d’API : Lire');
  });
});

describe('whether a choice can be sent', () => {
  it('sends full access, and a limited key only with at least one action', () => {
    expect(scopesReady(null)).toBe(true);
    expect(scopesReady({})).toBe(false);
    expect(scopesReady({ team: [] })).toBe(false);
    expect(scopesReady({ team: ['read'] })).toBe(true);
  });
});
