import { describe, expect, it } from 'vitest';
import { fieldsOf } from './endpoint-fields.tsx';

describe('what the endpoint form sends', () => {
  it('needs a URL and an event', () => {
    expect(fieldsOf({ url: '  ', events: ['*'], description: '' })).toBeNull();
    expect(fieldsOf({ url: 'https://x.test', events: [], description: '' })).toBeNull();
  });

  it('trims, sends a blank description as none, and leaves out what a wider choice covers', () => {
    expect(
      fieldsOf({
        url: ' https://x.test/h ',
        events: ['user.signed_in', 'user.*', 'session.revoked'],
        description: '   ',
      }),
    ).toEqual({ url: 'https://x.test/h', events: ['user.*', 'session.revoked'], description: null });
    expect(
      fieldsOf({ url: 'https://x.test', events: ['user.*', '*', 'account.linked'], description: 'CRM' }),
    ).toEqual({ url: 'https://x.test', events: ['*'], description: 'CRM' });
  });
});
