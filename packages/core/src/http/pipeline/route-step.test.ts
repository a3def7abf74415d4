import { describe, expect, it } from 'vitest';
import { stepRequest } from '../../testing/pipeline-steps.ts';
import { defineEndpoint } from '../endpoint.ts';
import { buildRouter } from '../router.ts';
import { isVisible, matchRoute, noRouteAnswer } from './route-step.ts';

const handler = async () => ({ ok: true });
const router = buildRouter([
  defineEndpoint({ name: 'ok', method: 'GET', path: '/ok', requires: 'none', handler }),
  defineEndpoint({
    name: 'hidden',
    method: 'POST',
    path: '/hidden',
    requires: 'none',
    serverOnly: true,
    handler,
  }),
]);

describe('the route step', () => {
  it('finds the route for the method and the path under the base path', () => {
    expect(matchRoute(router, stepRequest('/ok').incoming, '/ok')?.endpoint.name).toBe('ok');
    expect(matchRoute(router, stepRequest('/ok', { method: 'POST' }).incoming, '/ok')).toBeNull();
  });

  it('finds nothing for a path with an empty segment', () => {
    expect(matchRoute(router, stepRequest('//ok').incoming, '/ok')).toBeNull();
  });

  it('hides a server-only route from HTTP but not from auth.api', () => {
    const request = stepRequest('/hidden', { method: 'POST' });
    const match = matchRoute(router, request.incoming, '/hidden');
    expect(match && isVisible(match, request.incoming)).toBe(false);
    Object.defineProperty(request.incoming, 'serverCall', { value: true });
    expect(match && isVisible(match, request.incoming)).toBe(true);
  });

  it("answers Better Auth's 404 with Allow naming the methods the path has", () => {
    const wrongMethod = noRouteAnswer(router, stepRequest('/ok', { method: 'POST' }).incoming, '/ok');
    expect([wrongMethod.status, wrongMethod.header('allow')]).toEqual([404, 'GET']);
    const unknown = noRouteAnswer(router, stepRequest('/nope').incoming, '/nope');
    expect([unknown.status, unknown.header('allow')]).toEqual([404, null]);
  });
});
