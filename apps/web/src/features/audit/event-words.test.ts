import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../i18n/en.ts';
import { translate } from '../../i18n/language.ts';
import { describeEvent } from './event-words.ts';
import { securityEvent } from './testing/events.ts';

const inGerman = (key: MessageKey) => translate('de', key);
const inEnglish = (key: MessageKey) => translate('en', key);

describe('describeEvent', () => {
  it('says the event in the reader’s language, with the sign-in method', () => {
    const signedIn = securityEvent('e1', 'user.signed_in', { metadata: { method: 'passkey' } });
    expect(describeEvent(signedIn, inEnglish)).toBe('Signed in (passkey)');
    expect(describeEvent(signedIn, inGerman)).toBe('Angemeldet (passkey)');
    expect(describeEvent(securityEvent('e2', 'user.password_changed'), inGerman)).toBe('Passwort geändert');
    const social = securityEvent('e5', 'user.signed_in', {
      metadata: { method: 'social', provider: 'google' },
    });
    expect(describeEvent(social, inEnglish)).toBe('Signed in (google)');
  });

  it('has words in every language for every event type the engine records', () => {
    // The engine's list, read as text: the web app does not load engine code.
    const source = readFileSync(
      fileURLToPath(
        new URL('../../../../../packages/core/src/features/audit/audit-event.ts', import.meta.url),
      ),
      'utf8',
    );
    const list = source.slice(source.indexOf('AUDIT_EVENT_TYPES = ['), source.indexOf('] as const'));
    const types = [...list.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1] ?? '');
    expect(types.length).toBeGreaterThan(60);
    for (const language of ['en', 'de', 'fr'] as const) {
      const missing = types.filter(
        (type) => describeEvent(securityEvent('e', type), (key) => translate(language, key)) === type,
      );
      expect(missing, language).toEqual([]);
    }
  });

  it('shows a type it has no words for as its name', () => {
    expect(describeEvent(securityEvent('e3', 'organization.made_up'), inEnglish)).toBe(
      'organization.made_up',
    );
    // A metadata method on another type is not appended.
    expect(
      describeEvent(securityEvent('e4', 'user.signed_up', { metadata: { method: 'email' } }), inEnglish),
    ).toBe('Account created');
  });
});
