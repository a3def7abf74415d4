import { GatehouseError } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/language.ts';
import { errorField, errorMessage } from './error-messages.ts';

describe('error messages', () => {
  it('puts the password policy refusals at the password field, in words', () => {
    const common = new GatehouseError(400, 'PASSWORD_TOO_COMMON', 'Password is too common');
    expect(errorField(common)).toBe('password');
    expect(errorMessage(common)).toMatch(/most common/);
    const short = new GatehouseError(400, 'PASSWORD_TOO_SHORT', 'Password too short');
    expect(errorField(short)).toBe('password');
    expect(errorMessage(short)).not.toMatch(/\d/);
  });

  it('explains an invitation-only server, and falls back to the server message for unknown codes', () => {
    expect(errorMessage(new GatehouseError(403, 'SIGN_UP_INVITE_ONLY', 'x'))).toMatch(/invitation only/);
    expect(errorMessage(new GatehouseError(418, 'SOMETHING_NEW', 'The server says so'))).toBe(
      'The server says so',
    );
    expect(errorField(new GatehouseError(418, 'SOMETHING_NEW', 'x'))).toBeUndefined();
  });

  it('says a code in the language of the `t` it is given; the server message stays as sent', () => {
    const wrong = new GatehouseError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    expect(errorMessage(wrong, (key) => translate('de', key))).toBe(
      'Diese E-Mail-Adresse und dieses Passwort passen zu keinem Konto.',
    );
    expect(errorMessage(wrong, (key) => translate('fr', key))).toMatch(/ne correspondent à aucun compte/);
    const unknown = new GatehouseError(418, 'SOMETHING_NEW', 'The server says so');
    expect(errorMessage(unknown, (key) => translate('fr', key))).toBe('The server says so');
    expect(errorMessage(new TypeError('x'), (key) => translate('de', key))).toMatch(/schiefgelaufen/);
  });
});
