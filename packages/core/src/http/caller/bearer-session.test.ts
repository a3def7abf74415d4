import { describe, expect, it } from 'vitest';
import { encodeSignedValue } from '../../http/signed-cookie.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { TEST_SECRET } from '../../testing/test-server.ts';
import { bearerSession } from './bearer-session.ts';

const signed = decodeURIComponent(encodeSignedValue(TEST_SECRET, 'token-1'));

describe('the bearer-token caller', () => {
  it('names a bearer principal whose token becomes the session cookie the lookup reads', () => {
    const auth = stepAuth({ bearer: { requireSignature: false } });
    const request = stepRequest('/get-session', {
      headers: { authorization: `Bearer ${signed}`, cookie: `${auth.cookies.token}=someone-elses` },
    });
    expect(bearerSession.identify(auth, request)).toEqual({ kind: 'bearer' });
    expect(auth.verifier.token(request.cookies.get(auth.cookies.token))).toBe('token-1');
  });

  it('signs a bare token unless signatures are required', () => {
    const request = () => stepRequest('/get-session', { headers: { authorization: 'bearer token-1' } });
    expect(bearerSession.identify(stepAuth({ bearer: { requireSignature: false } }), request())?.kind).toBe(
      'bearer',
    );
    expect(bearerSession.identify(stepAuth({ bearer: { requireSignature: true } }), request())).toBeNull();
  });

  it.each([
    ['bearer is off', undefined, `Bearer ${signed}`],
    ['there is no Authorization header', { requireSignature: false }, undefined],
    ['the scheme is another', { requireSignature: false }, `Basic ${signed}`],
    ['the signature is not ours', { requireSignature: false }, 'Bearer token-1.forged'],
  ])('does not apply when %s', (_, bearer, authorization) => {
    const request = stepRequest('/get-session', {
      headers: authorization ? { authorization } : {},
    });
    expect(bearerSession.identify(stepAuth({ bearer }), request)).toBeNull();
  });

  it('waives the origin checks: a browser never attaches the header on its own', () => {
    const auth = stepAuth({ bearer: { requireSignature: false } });
    const forged = stepRequest('/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${signed}`, origin: 'https://evil.example', cookie: 'a=b' },
    });
    expect(() => bearerSession.checkOrigin(auth, forged)).not.toThrow();
    expect(() => bearerSession.checkFormOrigin(auth, forged)).not.toThrow();
  });
});
