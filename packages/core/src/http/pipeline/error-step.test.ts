import { describe, expect, it } from 'vitest';
import { AuthError } from '../../errors.ts';
import { stepAuth, stepRequest } from '../../testing/pipeline-steps.ts';
import { defineEndpoint } from '../endpoint.ts';
import { errorStep } from './error-step.ts';

const endpoint = defineEndpoint({
  name: 'x',
  method: 'POST',
  path: '/x',
  requires: 'none',
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'password' } },
  handler: async () => null,
});

describe('the error step', () => {
  it('answers a catalogue refusal as its JSON, records it as the route declares, and sets the outcome code', async () => {
    const events: unknown[] = [];
    const answerError = errorStep(
      stepAuth({ audit: { record: async (_, event) => void events.push(event) } }),
    );
    const request = stepRequest('/x', { method: 'POST' });
    request.outcome.about({ type: 'user', id: 'u1' });
    request.outcome.detail({ provider: 'github' });
    const answer = await answerError(new AuthError('INVALID_EMAIL_OR_PASSWORD'), endpoint, request);
    expect([answer.status, JSON.parse(String(answer.body)).code]).toEqual([401, 'INVALID_EMAIL_OR_PASSWORD']);
    expect(request.outcome.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(events).toEqual([
      {
        type: 'user.sign_in_failed',
        metadata: { method: 'password', provider: 'github' },
        target: { type: 'user', id: 'u1' },
        outcome: 'failure',
        errorCode: 'INVALID_EMAIL_OR_PASSWORD',
      },
    ]);
  });

  it('answers anything else with a bare 500 and logs it', async () => {
    const logged: string[] = [];
    const answerError = errorStep(stepAuth({ logError: (message) => logged.push(message) }));
    const request = stepRequest('/x', { method: 'POST' });
    const answer = await answerError(new Error('boom'), endpoint, request);
    expect([answer.status, JSON.parse(String(answer.body)).code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    expect(request.outcome.code).toBe('INTERNAL_SERVER_ERROR');
    expect(logged).toEqual(['Unhandled error in POST /x']);
  });
});
