import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import type { ApiKeySessions } from '../../ports/api-keys.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { NOT_BY_API_KEY } from '../caller/principal.ts';
import { defineEndpoint } from '../endpoint.ts';
import { createPipeline } from '../handler.ts';
import { buildRouter } from '../router.ts';
import { requireCaller } from './session-step.ts';

const handler = async () => ({ served: true });
/** A test-only route that serves bearer tokens alone: no route declares `accepts` yet. */
const bearerOnly = defineEndpoint({
  name: 'bearerOnly',
  method: 'POST',
  path: '/bearer-only',
  requires: 'none',
  accepts: ['bearer'],
  body: z.object({ n: z.number() }),
  handler,
});

describe('the session step', () => {
  const auth = stepAuth();

  it('refuses a caller of a kind the route does not serve with 401 UNAUTHORIZED, as a missing session', () => {
    expect(() => requireCaller(auth, bearerOnly, stepRequest('/bearer-only'))).toThrowError(
      expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }),
    );
  });

  it('serves every kind by default, and looks nothing up for a route that requires no session', () => {
    const open = defineEndpoint({ ...bearerOnly, accepts: undefined });
    const request = stepRequest('/bearer-only');
    expect(requireCaller(auth, open, request)).toBeUndefined();
    expect(request.session).toBeUndefined();
  });

  it('refuses in the pipeline after validation, so bad input still answers 400 first', async () => {
    const pipeline = createPipeline(auth, buildRouter([bearerOnly]));
    const send = async (body: string) => {
      const { incoming } = stepRequest('/bearer-only', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = await pipeline(incoming);
      return [answer.status, JSON.parse(String(answer.body)).code];
    };
    expect(await send('{}')).toEqual([400, 'VALIDATION_ERROR']);
    expect(await send('{"n":1}')).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('the session step with an API key', () => {
  const resolved = {
    session: { id: 'key-1', token: 'key-1', userId: 'u1' },
    user: { id: 'u1' },
  } as unknown as ResolvedSession;
  const validated: string[] = [];
  const apiKeys: ApiKeySessions = {
    async sessionOf(_auth, _request, key) {
      validated.push(key);
      if (key === 'bad') throw new AuthError('INVALID_API_KEY');
      return resolved;
    },
    deleteOwnedBy: async () => {},
  };
  const auth = stepAuth({ ports: { apiKeys } });
  const keyed = (key: string) => {
    const request = stepRequest('/open', { headers: { 'x-api-key': key } });
    request.principal = { kind: 'apiKey', key };
    return request;
  };
  const open = defineEndpoint({ name: 'open', method: 'GET', path: '/open', requires: 'none', handler });

  it('validates the key on a route that requires no session, and the key session is the request’s', async () => {
    const request = keyed('good');
    expect(await requireCaller(auth, open, request)).toBeUndefined();
    expect(validated.at(-1)).toBe('good');
    expect(await request.session).toBe(resolved);
  });

  it("answers the key's refusal on any route, public ones included", async () => {
    await expect(requireCaller(auth, open, keyed('bad'))).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('refuses a key session, once validated, where the route does not serve API keys', async () => {
    const stored = defineEndpoint({ ...open, requires: 'session', accepts: NOT_BY_API_KEY });
    await expect(requireCaller(auth, stored, keyed('good'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(['sensitive', 'fresh', 'recent'] as const)(
    'refuses a key session on a %s route (K3)',
    async (requires) => {
      const route = defineEndpoint({ ...open, requires });
      await expect(requireCaller(auth, route, keyed('good'))).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        status: 401,
      });
    },
  );

  it('serves the key session where a session is required', async () => {
    const route = defineEndpoint({ ...open, requires: 'session' });
    expect(await requireCaller(auth, route, keyed('good'))).toBe(resolved);
  });
});
