import { describe, expect, it } from 'vitest';
import { OWN_ORIGIN, stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { cookieSession } from './cookie-session.ts';

describe('the session-cookie caller', () => {
  const auth = stepAuth();

  it('names a cookie principal when the session cookie is sent, and only then', () => {
    const withSession = stepRequest('/get-session', { headers: { cookie: `${auth.cookies.token}=x.y` } });
    expect(cookieSession.identify(auth, withSession)).toEqual({ kind: 'cookie' });
    const otherCookies = stepRequest('/get-session', { headers: { cookie: 'theme=dark' } });
    expect(cookieSession.identify(auth, otherCookies)).toBeNull();
    expect(cookieSession.identify(auth, stepRequest('/get-session'))).toBeNull();
  });

  it('requires a trusted origin on a post: the browser attaches the cookie cross-site too', () => {
    const post = (origin: string) =>
      stepRequest('/sign-out', {
        method: 'POST',
        headers: { cookie: `${auth.cookies.token}=x.y`, origin },
      });
    expect(() => cookieSession.checkOrigin(auth, post('https://evil.example'))).toThrowError(
      expect.objectContaining({ code: 'INVALID_ORIGIN' }),
    );
    expect(() => cookieSession.checkOrigin(auth, post(OWN_ORIGIN))).not.toThrow();
  });

  it('refuses a cross-site form post to sign-in (login CSRF)', () => {
    const form = stepRequest('/sign-in/email', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(() => cookieSession.checkFormOrigin(auth, form)).toThrowError(
      expect.objectContaining({ code: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED' }),
    );
  });
});
