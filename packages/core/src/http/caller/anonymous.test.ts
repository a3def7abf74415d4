import { describe, expect, it } from 'vitest';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { anonymous } from './anonymous.ts';

describe('the anonymous caller', () => {
  const auth = stepAuth();

  it('always applies, with the shared anonymous principal', () => {
    expect(anonymous.identify(auth, stepRequest('/ok'))).toEqual({ kind: 'anonymous' });
  });

  it("keeps a browser's origin rules: other cookies still need a trusted origin", () => {
    const post = stepRequest('/sign-out', {
      method: 'POST',
      headers: { cookie: `${auth.cookies.data}=cached`, origin: 'https://evil.example' },
    });
    expect(() => anonymous.checkOrigin(auth, post)).toThrowError(
      expect.objectContaining({ code: 'INVALID_ORIGIN' }),
    );
  });

  it('lets a post without cookies or browser signs through: nothing for a forgery to ride on', () => {
    const post = stepRequest('/sign-in/email', { method: 'POST' });
    expect(() => anonymous.checkOrigin(auth, post)).not.toThrow();
    expect(() => anonymous.checkFormOrigin(auth, post)).not.toThrow();
  });

  it('refuses a form post from an untrusted page, signed out or not (login CSRF)', () => {
    const form = stepRequest('/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(() => anonymous.checkFormOrigin(auth, form)).toThrowError(
      expect.objectContaining({ code: 'INVALID_ORIGIN' }),
    );
  });
});
