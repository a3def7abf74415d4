import { describe, expect, it } from 'vitest';
import { EMAIL_LANGUAGES } from './language.ts';
import { emailCodeEmail, magicLinkEmail } from './passwordless-templates.ts';

// The ampersand exercises the escaping of the link inside href="…".
const LINK = 'https://auth.example.com/api/auth/magic-link/verify?token=abcDEF&callbackURL=%2F';
const SUBJECTS = {
  link: { en: 'Your sign-in link', de: 'Ihr Anmeldelink', fr: 'Votre lien de connexion' },
  'sign-in': {
    en: 'Your code to sign in',
    de: 'Ihr Code zur Anmeldung',
    fr: 'Votre code pour vous connecter',
  },
  'email-verification': {
    en: 'Your code to verify your email address',
    de: 'Ihr Code zur Bestätigung Ihrer E-Mail-Adresse',
    fr: 'Votre code pour vérifier votre adresse e-mail',
  },
  'forget-password': {
    en: 'Your code to reset your password',
    de: 'Ihr Code zum Zurücksetzen Ihres Passworts',
    fr: 'Votre code pour réinitialiser votre mot de passe',
  },
} as const;

/** The six-digit runs of a text part outside its links. */
const standaloneCodes = (text: string) =>
  text.replace(/https?:\/\/\S+/g, '').match(/(?<!\d)\d{6}(?!\d)/g) ?? [];

describe.each(EMAIL_LANGUAGES)('passwordless messages in %s', (language) => {
  it('the magic link carries the link on its own line and the code, in both parts', () => {
    const message = magicLinkEmail({
      to: 'eve@example.com',
      url: LINK,
      code: '042517',
      minutes: 5,
      language,
    });
    expect(message).toMatchObject({ kind: 'magic-link', to: 'eve@example.com', link: LINK, code: '042517' });
    expect(message.subject).toBe(SUBJECTS.link[language]);
    expect(message.text.split('\n')).toContain(LINK);
    expect(standaloneCodes(message.text)).toEqual(['042517']);
    expect(message.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
    expect(message.html).toContain('>042517</p>');
    expect(message.html).toContain(`<html lang="${language}">`);
    for (const part of [message.subject, message.text, message.html]) expect(part).not.toMatch(/\{\w+\}/);
  });

  it.each(['sign-in', 'email-verification', 'forget-password'] as const)(
    'the %s code is the only six digits, with nothing to click',
    (purpose) => {
      const message = emailCodeEmail({
        to: 'eve@example.com',
        code: '000123',
        purpose,
        minutes: 5,
        language,
      });
      expect(message).toMatchObject({ kind: 'email-code', link: '', code: '000123' });
      expect(message.subject).toBe(SUBJECTS[purpose][language]);
      expect(standaloneCodes(message.text)).toEqual(['000123']);
      expect(message.html).toContain('>000123</p>');
      expect(message.html).not.toContain('href=');
      for (const part of [message.subject, message.text, message.html]) expect(part).not.toMatch(/\{\w+\}/);
    },
  );
});
