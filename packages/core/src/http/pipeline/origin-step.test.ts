import { describe, expect, it } from 'vitest';
import { OWN_ORIGIN, stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { bearerSession } from '../caller/bearer-session.ts';
import { cookieSession } from '../caller/cookie-session.ts';
import { defineEndpoint } from '../endpoint.ts';
import { checkFormPost, checkOrigins } from './origin-step.ts';

const NO_QUERY = new URLSearchParams();

describe('the origin step', () => {
  const auth = stepAuth();
  const forged = () =>
    stepRequest('/sign-in/email', {
      method: 'POST',
      headers: { cookie: `${auth.cookies.token}=x.y`, origin: 'https://evil.example' },
    });

  it("applies the caller's origin rule: a cookie needs a trusted origin, a bearer token does not", () => {
    expect(() => checkOrigins(auth, cookieSession, forged(), {}, NO_QUERY)).toThrowError(
      expect.objectContaining({ code: 'INVALID_ORIGIN' }),
    );
    expect(() => checkOrigins(auth, bearerSession, forged(), {}, NO_QUERY)).not.toThrow();
  });

  it("checks every caller's redirect targets, in the body or the query", () => {
    const request = stepRequest('/sign-in/email', { method: 'POST', headers: { origin: OWN_ORIGIN } });
    const evil = { callbackURL: 'https://evil.example/' };
    expect(() => checkOrigins(auth, bearerSession, request, evil, NO_QUERY)).toThrowError(
      expect.objectContaining({ code: 'INVALID_CALLBACK_URL' }),
    );
    expect(() =>
      checkOrigins(auth, bearerSession, request, {}, new URLSearchParams({ callbackURL: evil.callbackURL })),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_CALLBACK_URL' }));
  });

  it("applies the caller's login-CSRF rule on form routes only", () => {
    const handler = async () => null;
    const signIn = defineEndpoint({
      name: 'in',
      method: 'POST',
      path: '/in',
      requires: 'none',
      acceptsForm: true,
      handler,
    });
    const other = defineEndpoint({ ...signIn, name: 'other', acceptsForm: false });
    expect(() => checkFormPost(auth, cookieSession, signIn, forged())).toThrowError(
      expect.objectContaining({ code: 'INVALID_ORIGIN' }),
    );
    expect(() => checkFormPost(auth, cookieSession, other, forged())).not.toThrow();
    expect(() => checkFormPost(auth, bearerSession, signIn, forged())).not.toThrow();
  });
});
