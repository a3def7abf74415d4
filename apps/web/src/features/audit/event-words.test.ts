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
  });

  it('shows a type it has no words for as its name', () => {
    expect(describeEvent(securityEvent('e3', 'organization.team_created'), inEnglish)).toBe(
      'organization.team_created',
    );
    // A metadata method on another type is not appended.
    expect(
      describeEvent(securityEvent('e4', 'user.signed_up', { metadata: { method: 'email' } }), inEnglish),
    ).toBe('Account created');
  });
});
