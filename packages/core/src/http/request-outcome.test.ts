import { describe, expect, it } from 'vitest';
import { RequestOutcome } from './request-outcome.ts';

describe('the request outcome record', () => {
  it('shows the host only what HandlerAnswer names', () => {
    const outcome = new RequestOutcome();
    outcome.about({ type: 'user', id: 'u1' });
    outcome.detail({ provider: 'github' });
    outcome.route = '/sign-in/email';
    outcome.status = 200;
    expect({ ...outcome }).toStrictEqual({ route: '/sign-in/email', code: undefined, status: 200 });
  });

  it('settles a sign-in: as the handler ended it, else the refusal code, else success', () => {
    const settled = (code: string | undefined, ended?: string) => {
      const outcome = new RequestOutcome();
      outcome.signingIn('password');
      outcome.signingIn('totp');
      if (ended) outcome.signInEnded(ended);
      outcome.code = code;
      outcome.settleSignIn();
      return outcome.signIn;
    };
    expect(settled(undefined)).toEqual({ factor: 'password', outcome: 'success' });
    expect(settled('INVALID_EMAIL_OR_PASSWORD')).toEqual({
      factor: 'password',
      outcome: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect(settled(undefined, 'challenged')).toEqual({ factor: 'password', outcome: 'challenged' });
  });

  it('is no sign-in unless the handler said so, whatever it ended with', () => {
    const outcome = new RequestOutcome();
    outcome.signInEnded('challenged');
    outcome.settleSignIn();
    expect('signIn' in outcome).toBe(false);
  });

  it("adds the handler's facts to a refusal's metadata, and keeps the account it named", () => {
    const outcome = new RequestOutcome();
    expect(outcome.metadataWith({ method: 'social' })).toEqual({ method: 'social' });
    outcome.detail({ provider: 'github' });
    outcome.about({ type: 'user', id: 'u1' });
    expect(outcome.metadataWith({ method: 'social' })).toEqual({ method: 'social', provider: 'github' });
    expect(outcome.subject).toEqual({ type: 'user', id: 'u1' });
  });
});
