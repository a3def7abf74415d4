import { describe, expect, it } from 'vitest';
import type { ApiKeySessions } from '../../ports/api-keys.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { apiKeyCaller } from './api-key.ts';
import { identifyCaller } from './resolvers.ts';

const apiKeys: ApiKeySessions = {
  sessionOf: async () => {
    throw new Error('the resolver must not validate');
  },
  deleteOwnedBy: async () => {},
};

describe('the API-key caller', () => {
  const auth = stepAuth({ ports: { apiKeys }, bearer: { requireSignature: false } });

  it('names an apiKey principal holding the key, without validating it', () => {
    const request = stepRequest('/get-session', { headers: { 'x-api-key': 'k'.repeat(64) } });
    expect(apiKeyCaller.identify(auth, request)).toEqual({ kind: 'apiKey', key: 'k'.repeat(64) });
    expect(request.session).toBeUndefined();
  });

  it('wins over a cookie and a bearer token sent with it: the key decides who the session is', () => {
    const request = stepRequest('/get-session', {
      headers: { 'x-api-key': 'key', cookie: `${auth.cookies.token}=x.y`, authorization: 'Bearer token-1' },
    });
    expect(identifyCaller(auth, request)).toBe(apiKeyCaller);
    expect(request.principal.kind).toBe('apiKey');
  });

  it('does not apply to an empty header, or while the feature is off (the header is ignored)', () => {
    expect(apiKeyCaller.identify(auth, stepRequest('/ok', { headers: { 'x-api-key': '' } }))).toBeNull();
    expect(apiKeyCaller.identify(auth, stepRequest('/ok'))).toBeNull();
    const off = stepAuth();
    expect(apiKeyCaller.identify(off, stepRequest('/ok', { headers: { 'x-api-key': 'key' } }))).toBeNull();
  });

  it('waives the origin checks: a browser never attaches the header on its own', () => {
    const forged = stepRequest('/sign-out', {
      method: 'POST',
      headers: { 'x-api-key': 'key', origin: 'https://evil.example', cookie: 'a=b' },
    });
    expect(() => apiKeyCaller.checkOrigin(auth, forged)).not.toThrow();
    expect(() => apiKeyCaller.checkFormOrigin(auth, forged)).not.toThrow();
  });
});
