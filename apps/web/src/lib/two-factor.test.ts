// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { destinationOf, isTwoFactorChallenge, methodsFromState, twoFactorPath } from './two-factor.ts';

describe('two-factor navigation', () => {
  it('tells a challenge from a session answer', () => {
    expect(isTwoFactorChallenge({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })).toBe(true);
    expect(isTwoFactorChallenge({ redirect: false, token: 't', user: {} })).toBe(false);
    expect(isTwoFactorChallenge(null)).toBe(false);
  });

  it('carries the destination to the second step', () => {
    expect(twoFactorPath(null)).toBe('/sign-in/two-factor');
    expect(twoFactorPath('/organization?tab=1')).toBe(
      '/sign-in/two-factor?callbackURL=%2Forganization%3Ftab%3D1',
    );
  });

  it('reads the methods from the router state, keeping known ones only', () => {
    expect(methodsFromState({ methods: ['otp', 'sms', 'totp'] })).toEqual(['otp', 'totp']);
    expect(methodsFromState({ methods: [] })).toEqual([]);
    expect(methodsFromState(null)).toBeNull();
    expect(methodsFromState({ methods: 'totp' })).toBeNull();
  });

  it('goes on to a same-site callbackURL, written as a path or a full address, else the account', () => {
    const origin = window.location.origin;
    expect(destinationOf('/organization/members?x=1')).toBe('/organization/members?x=1');
    expect(destinationOf(`${origin}/account/sessions`)).toBe('/account/sessions');
    expect(destinationOf('https://evil.example/account')).toBe('/account');
    expect(destinationOf('//evil.example/account')).toBe('/account');
    expect(destinationOf('/\\evil.example')).toBe('/account');
    expect(destinationOf('javascript:alert(1)')).toBe('/account');
    expect(destinationOf(null)).toBe('/account');
  });
});
