import { describe, expect, it } from 'vitest';
import { deviceName } from '../notices/device.ts';
import { securityNoticeEmail } from './security-notice-templates.ts';

const input = {
  to: 'eve@example.com',
  name: 'Eve <script>',
  url: 'https://app.example.com/account/activity?x=1&y=2',
  at: new Date('2026-11-25T16:40:12.345Z'),
  browser: 'Firefox',
  os: 'Linux',
  ip: '203.0.113.9',
  location: 'Berlin, Berlin, DE',
  language: 'en' as const,
};

describe('security notice emails', () => {
  it('say what happened, when, from what and where, with the activity link', () => {
    const mail = securityNoticeEmail('sign-in', input);
    expect(mail).toMatchObject({ kind: 'sign-in-alert', subject: 'New sign-in to your account' });
    expect(mail.text.split('\n')).toEqual([
      'Hello Eve <script>,',
      '',
      'Your account was signed in from a browser and address it has not used before.',
      '',
      'When: 2026-11-25 16:40 UTC',
      'Browser: Firefox on Linux',
      'IP address: 203.0.113.9',
      'Approximate location: Berlin, Berlin, DE',
      '',
      'Review your security activity:',
      input.url,
      '',
      'If this was you, there is nothing to do. If it was not, sign that session out on the page above and change your password.',
    ]);
    expect(mail.html).toContain('Eve &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('x=1&amp;y=2');
  });

  it('an email change names the new address; no location line without one; unknown address said so', () => {
    const mail = securityNoticeEmail('email-changed', {
      ...input,
      location: null,
      ip: null,
      newEmail: 'new@x.test',
    });
    expect(mail.kind).toBe('security-notice');
    expect(mail.text).toContain('changed to new@x.test.');
    expect(mail.text).toContain('IP address: unknown');
    expect(mail.text).not.toContain('Approximate location');
  });

  it('names browser families and systems, not versions', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(deviceName('curl/8.0')).toEqual({ browser: 'Unknown', os: 'Unknown' });
    expect(deviceName(undefined)).toEqual({ browser: 'Unknown', os: 'Unknown' });
  });
});

describe('security notice emails in German and French', () => {
  it('are written in the language of the request, subject and <html lang> included', () => {
    const german = securityNoticeEmail('password-changed', { ...input, language: 'de' });
    expect(german.subject).toBe('Ihr Passwort wurde geändert');
    expect(german.text).toContain('Hallo Eve <script>,');
    expect(german.text).toContain('Browser: Firefox unter Linux');
    expect(german.html).toContain('<html lang="de">');
    const french = securityNoticeEmail('sign-in', { ...input, language: 'fr', ip: null });
    expect(french.subject).toBe('Nouvelle connexion à votre compte');
    expect(french.text).toContain('Adresse IP\u00a0: inconnue');
    expect(french.html).toContain('<html lang="fr">');
  });
});

describe('notices of a passkey added and of two-factor turned off', () => {
  it('say so in each language, as security notices', () => {
    const subjects = (['en', 'de', 'fr'] as const).map((language) => [
      securityNoticeEmail('passkey-added', { ...input, language }).subject,
      securityNoticeEmail('two-factor-disabled', { ...input, language }).subject,
    ]);
    expect(subjects).toEqual([
      ['A passkey was added to your account', 'Two-factor authentication was turned off'],
      ['Ihrem Konto wurde ein Passkey hinzugefügt', 'Die Zwei-Faktor-Anmeldung wurde ausgeschaltet'],
      ['Une clé d’accès a été ajoutée à votre compte', 'La double authentification a été désactivée'],
    ]);
    const french = securityNoticeEmail('passkey-added', { ...input, language: 'fr' });
    expect(french.kind).toBe('security-notice');
    expect(french.text).toContain('Une nouvelle clé d’accès a été ajoutée à votre compte\u00a0: elle permet');
  });
});

describe('notices of an API key created', () => {
  it('name the key by its name and start, the organization by its name, escaped in HTML', () => {
    const key = { name: 'ci <b>bot</b>', start: 'gth_ab' };
    const personal = securityNoticeEmail('api-key-created', { ...input, key });
    expect(personal.kind).toBe('security-notice');
    expect(personal.text).toContain(
      'A new API key was created for your account: “ci <b>bot</b>”, beginning with gth_ab…',
    );
    expect(personal.html).toContain('ci &lt;b&gt;bot&lt;/b&gt;');
    expect(personal.html).not.toContain('<b>bot');
    expect(personal.text).toContain('If it was not, delete the key under API keys');
    const organization = securityNoticeEmail('organization-api-key-created', {
      ...input,
      language: 'de',
      key: { name: null, start: 'gth_cd' },
      organization: 'Acme {name}',
    });
    expect(organization.subject).toBe('Sie haben einen API-Schlüssel einer Organisation erstellt');
    // A name that looks like a placeholder stays as written.
    expect(organization.text).toContain('für die Organisation Acme {name} erstellt: beginnend mit gth_cd…');
  });
});
