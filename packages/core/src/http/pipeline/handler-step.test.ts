import { describe, expect, it } from 'vitest';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { Answer } from '../answer.ts';
import { defineEndpoint, type EndpointInput } from '../endpoint.ts';
import { answerOf, runHandler } from './handler-step.ts';

describe('the handler step', () => {
  it('hands the handler what the steps before it produced', async () => {
    let seen: EndpointInput<unknown, unknown> | undefined;
    const endpoint = defineEndpoint({
      name: 'x',
      method: 'GET',
      path: '/x/:id',
      requires: 'none',
      handler: async (input) => {
        seen = input;
        return null;
      },
    });
    const auth = stepAuth();
    const request = stepRequest('/x/1');
    await runHandler(auth, endpoint, request, { b: 1 }, { q: 1 }, { id: '1' }, undefined);
    expect(seen).toEqual({
      auth,
      request,
      body: { b: 1 },
      query: { q: 1 },
      params: { id: '1' },
      session: undefined,
    });
  });

  it('answers data as 200 JSON with the queued cookies and headers', () => {
    const request = stepRequest('/x');
    request.setCookie('a', 'a=1');
    request.headers.push(['location', '/next']);
    const answer = answerOf({ ok: true }, request);
    expect([answer.status, answer.body, answer.header('location'), answer.setCookies()]).toEqual([
      200,
      '{"ok":true}',
      '/next',
      ['a=1'],
    ]);
  });

  it('passes a ready answer or a Response on, with the queued cookies added', () => {
    const request = stepRequest('/x');
    request.setCookie('a', 'a=1');
    const ready = new Answer(302, [['location', '/there']]);
    expect(answerOf(ready, request)).toBe(ready);
    expect(ready.setCookies()).toEqual(['a=1']);
    const file = answerOf(new Response('png', { headers: { 'content-type': 'image/png' } }), request);
    expect([file.status, file.header('content-type'), file.setCookies()]).toEqual([
      200,
      'image/png',
      ['a=1'],
    ]);
  });
});
