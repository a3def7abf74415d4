import { describe, expect, it } from 'vitest';
import { encodeSignedValue } from '../../http/signed-cookie.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { TEST_SECRET } from '../../testing/test-server.ts';
import { anonymous } from './anonymous.ts';
import { apiKeyCaller } from './api-key.ts';
import { bearerSession } from './bearer-session.ts';
import type { CallerResolver } from './caller-resolver.ts';
import { cookieSession } from './cookie-session.ts';
import { CALLER_RESOLVERS, identifyCaller } from './resolvers.ts';

describe('who is calling', () => {
  const auth = stepAuth({ bearer: { requireSignature: false } });
  const bearer = `Bearer ${decodeURIComponent(encodeSignedValue(TEST_SECRET, 'token-1'))}`;
  const cookie = `${auth.cookies.token}=x.y`;

  it('asks the API key first, then the bearer token, then the session cookie, then settles for anonymous', () => {
    expect(CALLER_RESOLVERS).toEqual([apiKeyCaller, bearerSession, cookieSession, anonymous]);
  });

  it.each([
    ['a bearer token with cookies', { authorization: bearer, cookie }, 'bearer', bearerSession],
    ['a session cookie', { cookie }, 'cookie', cookieSession],
    ['nothing', {}, 'anonymous', anonymous],
  ])('names the principal of %s and returns its resolver', (_, headers, kind, resolver) => {
    const request = stepRequest('/get-session', { headers });
    expect(identifyCaller(auth, request)).toBe(resolver);
    expect(request.principal.kind).toBe(kind);
  });

  it('takes the first resolver that applies, and never asks the ones after it', () => {
    const asked: string[] = [];
    const spy = (name: string, applies: boolean): CallerResolver => ({
      ...anonymous,
      identify: () => {
        asked.push(name);
        return applies ? { kind: 'bearer' } : null;
      },
    });
    const second = spy('second', true);
    const request = stepRequest('/get-session');
    expect(identifyCaller(auth, request, [spy('first', false), second, spy('third', true)])).toBe(second);
    expect(asked).toEqual(['first', 'second']);
  });

  it('reads no session: a request is anonymous until a resolver names it', () => {
    const request = stepRequest('/get-session', { headers: { cookie } });
    expect(request.principal.kind).toBe('anonymous');
    identifyCaller(auth, request);
    expect(request.session).toBeUndefined();
  });
});
