import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { Answer } from '../answer.ts';
import { rateLimitStep, UNKNOWN_ROUTE } from './rate-limit-step.ts';

/** A limiter that refuses once a route was asked `max` times, and the events recorded. */
function limitedAuth(max: number) {
  const checked: string[] = [];
  const events: unknown[] = [];
  const rateLimiter = {
    check: async (_ip: string | undefined, route: string) => {
      checked.push(route);
      return checked.filter((seen) => seen === route).length > max ? new Answer(429, []) : null;
    },
  } as unknown as AuthContext['rateLimiter'];
  const auth = stepAuth({ rateLimiter, audit: { record: async (_, event) => void events.push(event) } });
  return { auth, checked, events };
}

describe('the rate-limit step', () => {
  it('answers the refusal once the allowance is spent, with RATE_LIMITED as the outcome', async () => {
    const { auth } = limitedAuth(1);
    const step = rateLimitStep(auth);
    expect(await step.count(stepRequest('/ok'), '/ok')).toBeNull();
    const refused = stepRequest('/ok');
    const refusal = await step.count(refused, '/ok');
    expect(refused.outcome.code, 'counting alone marks nothing').toBeUndefined();
    expect(refusal && (await step.refuse(refused, '/ok', refusal)).status).toBe(429);
    expect(refused.outcome.code).toBe('RATE_LIMITED');
  });

  it('records one event per client and route a minute, not one per refusal', async () => {
    const { auth, events } = limitedAuth(0);
    const step = rateLimitStep(auth);
    for (let i = 0; i < 3; i++) await step.refuse(stepRequest('/nope'), UNKNOWN_ROUTE, new Answer(429, []));
    expect(events).toEqual([
      expect.objectContaining({ type: 'rate_limit.exceeded', metadata: { path: UNKNOWN_ROUTE } }),
    ]);
  });

  it('costs no promise when nothing is counted: no limiter, or a server-side call', () => {
    expect(rateLimitStep(stepAuth()).count(stepRequest('/ok'), '/ok')).toBeNull();
    const { auth, checked } = limitedAuth(0);
    const serverCall = stepRequest('/ok');
    Object.defineProperty(serverCall.incoming, 'serverCall', { value: true });
    expect(rateLimitStep(auth).count(serverCall, '/ok')).toBeNull();
    expect(checked).toEqual([]);
  });
});
