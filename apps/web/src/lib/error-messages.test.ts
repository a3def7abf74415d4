import { GatehouseError } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/language.ts';
import { errorField, errorMessage, issueMessage } from './error-messages.ts';

const inFrench = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('fr', key, values);
const inGerman = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('de', key, values);

describe('error messages', () => {
  it('puts the password policy refusals at the password field, in words', () => {
    const common = new GatehouseError(400, 'PASSWORD_TOO_COMMON', 'Password is too common');
    expect(errorField(common)).toBe('password');
    expect(errorMessage(common)).toMatch(/most common/);
    const short = new GatehouseError(400, 'PASSWORD_TOO_SHORT', 'Password too short');
    expect(errorField(short)).toBe('password');
    expect(errorMessage(short)).not.toMatch(/\d/);
  });

  it('explains an invitation-only server; an unknown code is said by its status, not the server message', () => {
    expect(errorMessage(new GatehouseError(403, 'SIGN_UP_INVITE_ONLY', 'x'))).toMatch(/invitation only/);
    expect(errorMessage(new GatehouseError(418, 'SOMETHING_NEW', 'The server says so'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorMessage(new GatehouseError(403, 'SOMETHING_NEW', 'The server says so'))).toBe(
      'You are not allowed to do this.',
    );
    expect(errorMessage(new GatehouseError(502, 'HTTP_502', 'Bad Gateway'), inGerman)).toMatch(/Server/);
    expect(errorField(new GatehouseError(418, 'SOMETHING_NEW', 'x'))).toBeUndefined();
  });

  it('says a code in the language of the `t` it is given', () => {
    const wrong = new GatehouseError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    expect(errorMessage(wrong, inGerman)).toBe(
      'Diese E-Mail-Adresse und dieses Passwort passen zu keinem Konto.',
    );
    expect(errorMessage(wrong, inFrench)).toMatch(/ne correspondent à aucun compte/);
    const limit = new GatehouseError(403, 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS', 'English');
    expect(errorMessage(limit, inFrench)).toBe(
      'Vous avez atteint le nombre d’organisations autorisé sur ce serveur.',
    );
    expect(errorMessage(new TypeError('x'), inGerman)).toMatch(/schiefgelaufen/);
  });
});

describe('issueMessage', () => {
  const issue = (kind: string, extra: object = {}) => ({
    path: 'body.name',
    message: 'English detail',
    kind,
    ...extra,
  });

  it('says what is wrong by the issue kind, with its bound', () => {
    expect(issueMessage(issue('required'))).toBe('Fill in this field.');
    expect(issueMessage(issue('too_long', { limit: 256 }))).toBe('Use at most 256 characters.');
    expect(issueMessage(issue('too_short', { limit: 1 }), inGerman)).toBe(
      'Verwenden Sie mindestens 1 Zeichen.',
    );
    expect(issueMessage(issue('too_long'))).toBe('This is too long.');
    expect(issueMessage(issue('control_character'), inFrench)).toMatch(/caractères invisibles/);
    expect(issueMessage(issue('invalid_value'))).toBe('Choose one of the offered values.');
    expect(issueMessage(issue('invalid_format', { format: 'url' }))).toMatch(/https:\/\//);
  });

  it('words an address refused by its pattern as an email, and never shows the English detail', () => {
    const email = {
      path: 'body.email',
      message: 'Invalid email address',
      kind: 'invalid_format',
      format: 'regex',
    };
    expect(issueMessage(email, inGerman)).toBe(
      'Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com.',
    );
    for (const kind of ['invalid_type', 'too_deep', 'malformed', 'made_up', undefined]) {
      const words = issueMessage({ path: 'body.x', message: 'English detail', kind });
      expect(words).toBe('This value is not valid.');
    }
  });
});
