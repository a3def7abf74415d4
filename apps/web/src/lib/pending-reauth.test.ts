// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberPending, resumptionOf, takePending } from './pending-reauth.ts';

const WHERE = { userId: 'u1', path: '/account/connections', replacedSessionId: 's1' };

describe('the call kept while the person confirms with a provider', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('keeps a repeatable call with its input, once, for the same person on the same page', () => {
    rememberPending({ method: 'unlinkAccount', args: [{ accountId: 'a1' }] }, WHERE);
    const action = takePending('u1', '/account/connections');
    expect(action).toMatchObject({ method: 'unlinkAccount', args: [{ accountId: 'a1' }], ...WHERE });
    expect(action && resumptionOf(action)).toBe('repeat');
    // Taken once: reloading the page does not take it up again.
    expect(takePending('u1', '/account/connections')).toBeNull();
  });

  it('never keeps a password: such a call reopens its form instead of running again', () => {
    rememberPending({ method: 'twoFactorDisable', args: [{ password: 'secret password' }] }, WHERE);
    expect(JSON.stringify(sessionStorage)).not.toContain('secret password');
    const action = takePending('u1', '/account/connections');
    expect(action?.args).toBeUndefined();
    expect(action && resumptionOf(action)).toBe('reopen');
    // Without a password (an account that has none), turning two-factor off runs again.
    rememberPending({ method: 'twoFactorDisable', args: [{ password: undefined }] }, WHERE);
    const again = takePending('u1', '/account/connections');
    expect(again && resumptionOf(again)).toBe('repeat');
  });

  it('keeps no input of other calls, a token above all', () => {
    rememberPending({ method: 'revokeSession', args: [{ token: 'session-token-1' }] }, WHERE);
    expect(JSON.stringify(sessionStorage)).not.toContain('session-token-1');
    const action = takePending('u1', '/account/connections');
    expect(action && resumptionOf(action)).toBe('notice');
    rememberPending({ method: 'passkeyGenerateRegisterOptions', args: [{ name: 'Laptop' }] }, WHERE);
    const passkey = takePending('u1', '/account/connections');
    expect(passkey && resumptionOf(passkey)).toBe('reopen');
  });

  it('drops the call for someone else, on another page, or after ten minutes', () => {
    rememberPending({ method: 'unlinkAccount', args: [{ accountId: 'a1' }] }, WHERE);
    expect(takePending('u2', '/account/connections')).toBeNull();
    // Dropped, not kept for later.
    expect(takePending('u1', '/account/connections')).toBeNull();
    rememberPending({ method: 'unlinkAccount', args: [{ accountId: 'a1' }] }, WHERE);
    expect(takePending('u1', '/account/security')).toBeNull();
    vi.useFakeTimers();
    rememberPending({ method: 'unlinkAccount', args: [{ accountId: 'a1' }] }, WHERE);
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(takePending('u1', '/account/connections')).toBeNull();
  });

  it('reads a broken entry as none', () => {
    sessionStorage.setItem('gatehouse:pending-reauthentication', '{not json');
    expect(takePending('u1', '/account/connections')).toBeNull();
  });
});
