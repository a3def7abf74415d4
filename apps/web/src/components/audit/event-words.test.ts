import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../i18n/en.ts';
import { translate } from '../../i18n/language.ts';
import { describeActor, describeEvent } from './event-words.ts';
import { securityEvent } from './testing/events.ts';

const inGerman = (key: MessageKey) => translate('de', key);
const inEnglish = (key: MessageKey) => translate('en', key);

describe('describeEvent', () => {
  it('says the event in the reader’s language, with the sign-in method', () => {
    const signedIn = securityEvent('e1', 'user.signed_in', { metadata: { method: 'passkey' } });
    expect(describeEvent(signedIn, inEnglish)).toBe('Signed in (passkey)');
    expect(describeEvent(signedIn, inGerman)).toBe('Angemeldet (Passkey)');
    const byProvider = securityEvent('e5', 'user.signed_in', { metadata: { method: 'social' } });
    expect(describeEvent(byProvider, (key) => translate('fr', key))).toBe(
      'Connexion (connexion via un fournisseur)',
    );
    expect(describeEvent(securityEvent('e2', 'user.password_changed'), inGerman)).toBe('Passwort geändert');
    const social = securityEvent('e5', 'user.signed_in', {
      metadata: { method: 'social', provider: 'google' },
    });
    expect(describeEvent(social, inEnglish)).toBe('Signed in (google)');
  });

  it('has words in every language for every event type the engine records', () => {
    // The engine's lists (event-types.ts and each feature's <feature>-events.ts), read as text:
    // the web app does not load engine code.
    const core = '../../../../../packages/core/src/';
    const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
    const features = readdirSync(fileURLToPath(new URL(`${core}features/`, import.meta.url)))
      .map((name) => `${core}features/${name}/${name}-events.ts`)
      .filter((path) => existsSync(fileURLToPath(new URL(path, import.meta.url))));
    const source = [`${core}event-types.ts`, ...features].map(read).join('\n');
    const types = [...source.matchAll(/^ {2}'([a-z_]+\.[a-z_]+)',$/gm)].map((match) => match[1] ?? '');
    expect(types.length).toBeGreaterThan(60);
    for (const language of ['en', 'de', 'fr'] as const) {
      const missing = types.filter(
        (type) => describeEvent(securityEvent('e', type), (key) => translate(language, key)) === type,
      );
      expect(missing, language).toEqual([]);
    }
  });

  it('leaves out a sign-in method it has no words for rather than show it in English', () => {
    const odd = securityEvent('e6', 'user.signed_in', { metadata: { method: 'carrier-pigeon' } });
    expect(describeEvent(odd, inGerman)).toBe('Angemeldet');
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

describe('describeActor', () => {
  const actor = (type: 'user' | 'admin' | 'system' | 'anonymous', id: string | null, email: string | null) =>
    securityEvent('a', 'user.signed_in', { actor: { type, id, email, impersonatorId: null } });

  it('names the actor by address, else by id, else by kind in the reader’s language', () => {
    expect(describeActor(actor('user', 'u1', 'ada@example.com'), inGerman)).toBe('ada@example.com');
    expect(describeActor(actor('admin', 'u2', null), inGerman)).toBe('u2');
    expect(describeActor(actor('system', null, null), inEnglish)).toBe('The server itself');
    expect(describeActor(actor('anonymous', null, null), inGerman)).toBe('Jemand ohne Anmeldung');
    expect(describeActor(actor('anonymous', null, null), (key) => translate('fr', key))).toBe(
      'Une personne non connectée',
    );
  });

  it('has words for every kind of actor the engine records, and a word for one it does not know', () => {
    for (const type of ['user', 'admin', 'system', 'anonymous'] as const)
      expect(describeActor(actor(type, null, null), inEnglish)).not.toBe(type);
    const made = securityEvent('b', 'x.y', {
      actor: { type: 'robot' as 'user', id: null, email: null, impersonatorId: null },
    });
    expect(describeActor(made, inEnglish)).toBe('Unknown');
  });
});
