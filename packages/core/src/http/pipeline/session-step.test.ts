import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
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
