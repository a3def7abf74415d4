import { describe, expect, it, vi } from 'vitest';
import { createClient } from './create-client.ts';
import { SessionStore } from './react/session-store.ts';

// Unit tests of the client's own control flow, with a scripted fetch: no server is involved.
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('client regressions', () => {
  it('a throwing session listener neither fails the call nor re-sends it, and later listeners still run', async () => {
    const fetch = vi.fn(async () => json({ token: 't', user: { id: 'u' }, redirect: false }));
    const client = createClient({ baseURL: 'http://x', fetch, retry: 2 });
    const later = vi.fn();
    client.onSessionChange(() => {
      throw new Error('listener bug');
    });
    client.onSessionChange(later);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(client.signInEmail({ email: 'a@example.com', password: 'pw' })).resolves.toMatchObject({
      token: 't',
    });
    spy.mockRestore();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('an abort during the wait before a retry rejects at once', async () => {
    vi.useFakeTimers();
    try {
      const client = createClient({ baseURL: 'http://x', fetch: async () => json({}, 503) });
      const controller = new AbortController();
      const call = client.getSession(undefined, {
        retry: { type: 'exponential', attempts: 3, baseDelayMs: 30_000 },
        signal: controller.signal,
      });
      const settled = vi.fn();
      call.catch(settled);
      await vi.advanceTimersByTimeAsync(10);
      controller.abort(new Error('stop'));
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toHaveBeenCalledWith(new Error('stop'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a session change, the store keeps the answer of the new request, not of one already under way', async () => {
    const answers: ((value: Response) => void)[] = [];
    const fetch = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const client = createClient({ baseURL: 'http://x', fetch });
    const store = new SessionStore(client);
    const first = store.refetch();
    const second = store.refetch(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [answerFirst, answerSecond] = answers;
    if (!answerFirst || !answerSecond) throw new Error('expected two session requests under way');
    answerSecond(json({ session: { token: 'new' }, user: { id: 'u' } }));
    answerFirst(json(null));
    await Promise.all([first, second]);
    expect(store.getSnapshot().data).toMatchObject({ session: { token: 'new' } });
  });
});
