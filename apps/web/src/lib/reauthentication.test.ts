import { GatehouseError } from '@gatehouse/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setReauthenticate, withReauthentication } from './reauthentication.ts';

const notFresh = () => new GatehouseError(403, 'SESSION_NOT_FRESH', 'Session is not fresh');

/** A client whose `unlinkAccount` is refused as not fresh `refusals` times, then succeeds. */
function clientRefusing(refusals: number) {
  let left = refusals;
  const unlinkAccount = vi.fn(async (input: { accountId: string }) => {
    if (left-- > 0) throw notFresh();
    return { status: true, accountId: input.accountId };
  });
  const signInEmail = vi.fn(async () => {
    throw notFresh();
  });
  return { unlinkAccount, signInEmail };
}

describe('withReauthentication', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('asks once and runs the refused call again with the same input', async () => {
    const ask = vi.fn(async () => true);
    stop = setReauthenticate(ask);
    const raw = clientRefusing(1);
    const client = withReauthentication(raw);
    await expect(client.unlinkAccount({ accountId: 'a1' })).resolves.toEqual({
      status: true,
      accountId: 'a1',
    });
    // The dialog is told which call was refused, so that it can take it up after a provider.
    expect(ask.mock.calls).toEqual([[{ method: 'unlinkAccount', args: [{ accountId: 'a1' }] }]]);
    expect(raw.unlinkAccount.mock.calls).toEqual([[{ accountId: 'a1' }], [{ accountId: 'a1' }]]);
  });

  it('hands the refusal back when the person cancels, or when nothing can ask', async () => {
    stop = setReauthenticate(async () => false);
    await expect(
      withReauthentication(clientRefusing(1)).unlinkAccount({ accountId: 'a1' }),
    ).rejects.toMatchObject({
      code: 'SESSION_NOT_FRESH',
    });
    stop();
    await expect(
      withReauthentication(clientRefusing(1)).unlinkAccount({ accountId: 'a1' }),
    ).rejects.toMatchObject({
      code: 'SESSION_NOT_FRESH',
    });
  });

  it('asks only once for calls refused together, and never twice for one call', async () => {
    let confirm: (confirmed: boolean) => void = () => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    stop = setReauthenticate(ask);
    const client = withReauthentication(clientRefusing(3));
    const first = client.unlinkAccount({ accountId: 'a1' });
    const second = client.unlinkAccount({ accountId: 'a2' });
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    confirm(true);
    // Both ran again; the third refusal (the first retry) is not asked about a second time.
    const results = await Promise.allSettled([first, second]);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(results.map((each) => each.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('leaves other errors, and signing in itself, alone', async () => {
    const ask = vi.fn(async () => true);
    stop = setReauthenticate(ask);
    const client = withReauthentication({
      changePassword: vi.fn(async () => {
        throw new GatehouseError(400, 'INVALID_PASSWORD', 'Invalid password');
      }),
      ...clientRefusing(0),
    });
    await expect(client.changePassword()).rejects.toMatchObject({ code: 'INVALID_PASSWORD' });
    await expect(client.signInEmail()).rejects.toMatchObject({ code: 'SESSION_NOT_FRESH' });
    expect(ask).not.toHaveBeenCalled();
  });

  it('treats SESSION_EXPIRED as not fresh only for deleting the account', async () => {
    const ask = vi.fn(async () => false);
    stop = setReauthenticate(ask);
    const expired = async () => {
      throw new GatehouseError(
        400,
        'SESSION_EXPIRED',
        'Session expired. Re-authenticate to perform this action.',
      );
    };
    const client = withReauthentication({ deleteUser: vi.fn(expired), listSessions: vi.fn(expired) });
    await expect(client.listSessions()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(ask).not.toHaveBeenCalled();
    await expect(client.deleteUser()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
