import { createServer } from 'node:net';
import { CookieJar, pngImage, startTestServer, type TestServer } from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type GatehouseClient } from './create-client.ts';
import { GatehouseError, NETWORK_ERROR } from './errors.ts';

const PASSWORD = 'correct horse battery';

/**
 * One browser: Node's fetch with a cookie jar, sending the server's own Origin as a page on the
 * app would (the server wants a trusted Origin on cookie-bearing POSTs). Records every request.
 */
function browser(origin: string) {
  const jar = new CookieJar();
  const requests: { method: string; url: string }[] = [];
  const browserFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.cookies.size > 0) headers.set('cookie', jar.header());
    headers.set('origin', origin);
    requests.push({ method: init.method ?? 'GET', url: String(input) });
    const response = await fetch(input, { ...init, headers, redirect: 'manual' });
    jar.store(response);
    return response;
  };
  return { jar, requests, fetch: browserFetch };
}

describe('createClient against a real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  let counter = 0;
  const newEmail = () => `client${++counter}@example.com`;

  function setup() {
    const device = browser(server.url);
    const client = createClient({ baseURL: server.url, fetch: device.fetch });
    return { ...device, client };
  }

  /** Catches a rejection so its fields can be asserted together. */
  async function rejectionOf(promise: Promise<unknown>): Promise<GatehouseError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(GatehouseError);
      return error as GatehouseError;
    }
    throw new Error('expected the call to reject');
  }

  async function signedUp(client: GatehouseClient) {
    const email = newEmail();
    const answer = await client.signUpEmail({ name: 'Ada', email, password: PASSWORD });
    // Sign-up signs in on this server (autoSignIn is on), so there is always a session token.
    if (answer.token === null) throw new Error('sign-up answered without a session token');
    return { email, answer, token: answer.token };
  }

  it('signUpEmail signs in, and getSession then answers the user and session', async () => {
    const { client, requests } = setup();
    expect(await client.getSession()).toBeNull();
    const { email, answer } = await signedUp(client);
    expect(answer.user).toMatchObject({ name: 'Ada', email, emailVerified: false });
    expect(typeof answer.token).toBe('string');

    const session = await client.getSession();
    expect(session?.user).toMatchObject({ id: answer.user.id, email, name: 'Ada' });
    expect(session?.session.token).toBe(answer.token);
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/auth/get-session',
      'POST /api/auth/sign-up/email',
      'GET /api/auth/get-session',
    ]);
  });

  it('uploadAvatar sends a File as its own bytes and type; removeAvatar takes it away', async () => {
    const { client } = setup();
    await client.signUpEmail({ name: 'Pic', email: newEmail(), password: PASSWORD });
    const file = new File([pngImage(1, 1)], 'me.png', { type: 'image/png' });
    const { image } = await client.uploadAvatar(file);
    expect((await client.getSession())?.user.image).toBe(image);
    expect((await fetch(image)).headers.get('content-type')).toBe('image/png');
    const refused = await rejectionOf(client.uploadAvatar(new Blob(['<svg/>'], { type: 'image/png' })));
    expect([refused.status, refused.code]).toEqual([400, 'AVATAR_NOT_AN_IMAGE']);
    await client.removeAvatar();
    expect((await client.getSession())?.user.image).toBeNull();
  });

  it('signInEmail signs an existing user in on a new device', async () => {
    const first = setup();
    const { email, answer } = await signedUp(first.client);
    const second = setup();
    const signIn = await second.client.signInEmail({ email, password: PASSWORD });
    expect(signIn).toMatchObject({ redirect: false, user: { id: answer.user.id, email } });
    expect((await second.client.getSession())?.session.token).toBe(signIn.token);
  });

  it('a wrong password rejects with GatehouseError 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const { client: owner } = setup();
    const { email } = await signedUp(owner);
    const { client } = setup();
    const error = await rejectionOf(client.signInEmail({ email, password: 'not the password' }));
    expect(error.name).toBe('GatehouseError');
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(error.issues).toBeUndefined();
    expect(await client.getSession()).toBeNull();
  });

  it('an unknown email rejects the same way as a wrong password', async () => {
    const { client } = setup();
    const error = await rejectionOf(client.signInEmail({ email: 'nobody@example.com', password: PASSWORD }));
    expect([error.status, error.code, error.message]).toEqual([
      401,
      'INVALID_EMAIL_OR_PASSWORD',
      'Invalid email or password',
    ]);
  });

  it('a validation error carries the field-level issues, each with its kind', async () => {
    const { client } = setup();
    const error = await rejectionOf(
      client.signUpEmail({ name: 'V', email: 7 as unknown as string, password: PASSWORD }),
    );
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'VALIDATION_ERROR',
      'Invalid body parameters',
    ]);
    expect(error.issues).toEqual([{ path: 'body.email', message: expect.any(String), kind: 'invalid_type' }]);
  });

  it('a call needing a session rejects 401 UNAUTHORIZED when signed out', async () => {
    const { client } = setup();
    const error = await rejectionOf(client.listSessions());
    expect([error.status, error.code, error.message]).toEqual([401, 'UNAUTHORIZED', 'Unauthorized']);
  });

  describe('sessions', () => {
    /** One user on a laptop and a phone. */
    async function twoDevices() {
      const laptop = setup();
      const { email, token: laptopToken } = await signedUp(laptop.client);
      const phone = setup();
      const { token: phoneToken } = await phone.client.signInEmail({ email, password: PASSWORD });
      return { laptop: laptop.client, phone: phone.client, laptopToken, phoneToken };
    }
    const tokensOf = async (client: GatehouseClient) =>
      (await client.listSessions()).map((session) => session.token).sort();

    it('listSessions answers the user’s sessions on every device', async () => {
      const { laptop, phone, laptopToken, phoneToken } = await twoDevices();
      const sessions = await laptop.listSessions();
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({ id: expect.any(String), userId: expect.any(String) });
      expect(await tokensOf(laptop)).toEqual([laptopToken, phoneToken].sort());
      expect(await tokensOf(phone)).toEqual([laptopToken, phoneToken].sort());
    });

    it('revokeSession ends another device’s session only', async () => {
      const { laptop, phone, laptopToken, phoneToken } = await twoDevices();
      expect(await laptop.revokeSession({ token: phoneToken })).toEqual({ status: true });
      expect(await phone.getSession()).toBeNull();
      expect((await laptop.getSession())?.session.token).toBe(laptopToken);
      expect(await tokensOf(laptop)).toEqual([laptopToken]);
    });

    it('revokeSession of the current session signs this device out', async () => {
      const { laptop, phone, laptopToken } = await twoDevices();
      expect(await laptop.revokeSession({ token: laptopToken })).toEqual({ status: true });
      expect(await laptop.getSession()).toBeNull();
      expect(await phone.getSession()).not.toBeNull();
    });

    it('revokeOtherSessions keeps only the current session', async () => {
      const { laptop, phone, laptopToken } = await twoDevices();
      expect(await laptop.revokeOtherSessions()).toEqual({ status: true });
      expect(await phone.getSession()).toBeNull();
      expect(await tokensOf(laptop)).toEqual([laptopToken]);
    });

    it('revokeSessions signs every device out, this one included', async () => {
      const { laptop, phone } = await twoDevices();
      expect(await laptop.revokeSessions()).toEqual({ status: true });
      expect(await laptop.getSession()).toBeNull();
      expect(await phone.getSession()).toBeNull();
    });
  });

  it('signOut ends the session', async () => {
    const { client } = setup();
    await signedUp(client);
    expect(await client.signOut()).toEqual({ success: true });
    expect(await client.getSession()).toBeNull();
  });

  it('updateUser changes the profile seen by getSession', async () => {
    const { client } = setup();
    await signedUp(client);
    expect(await client.updateUser({ name: 'Grace' })).toEqual({ status: true });
    expect((await client.getSession())?.user.name).toBe('Grace');
  });

  it('encodes GET input as the query string, leaving out undefined values', async () => {
    const { client, requests } = setup();
    const { token } = await signedUp(client);
    await client.getSession({ disableCookieCache: true, disableRefresh: undefined });
    await client.getSession({ disableCookieCache: false, disableRefresh: true });
    await client.getSession({});
    const gets = requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url));
    expect(gets.map((url) => url.pathname + url.search)).toEqual([
      '/api/auth/get-session?disableCookieCache=true',
      '/api/auth/get-session?disableCookieCache=false&disableRefresh=true',
      '/api/auth/get-session',
    ]);

    // The server reads the flag: with the row gone, only the cookie cache still answers.
    await server.database.db.deleteFrom('session').where('token', '=', token).execute();
    expect((await client.getSession())?.session.token).toBe(token);
    expect(await client.getSession({ disableCookieCache: true })).toBeNull();
  });

  it('sends JSON bodies on POST and no body on GET', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const device = browser(server.url);
    const client = createClient({
      baseURL: server.url,
      fetch: (input, init = {}) => {
        calls.push({ url: String(input), init });
        return device.fetch(input, init);
      },
    });
    await client.signUpEmail({ name: 'B', email: newEmail(), password: PASSWORD });
    await client.signOut();
    await client.getSession();
    expect(calls.map((c) => [c.init.method, c.init.body, c.init.credentials])).toEqual([
      ['POST', expect.stringContaining('"name":"B"'), 'include'],
      ['POST', '{}', 'include'],
      ['GET', undefined, 'include'],
    ]);
    expect(calls[0]?.init.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('honours basePath', async () => {
    const device = browser(server.url);
    const client = createClient({ baseURL: server.url, basePath: '/elsewhere', fetch: device.fetch });
    const error = await rejectionOf(client.getSession());
    expect(error.status).toBe(404);
    expect(device.requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/elsewhere/get-session',
    ]);
  });

  describe('onSessionChange', () => {
    it('fires after sign-up, sign-in, update-user and sign-out, never after getSession', async () => {
      const { client } = setup();
      const listener = vi.fn();
      client.onSessionChange(listener);

      const { email } = await signedUp(client);
      expect(listener).toHaveBeenCalledTimes(1);
      await client.getSession();
      await client.getSession({ disableCookieCache: true });
      await client.listSessions();
      expect(listener).toHaveBeenCalledTimes(1);

      await client.updateUser({ name: 'Renamed' });
      expect(listener).toHaveBeenCalledTimes(2);
      await client.signOut();
      expect(listener).toHaveBeenCalledTimes(3);
      await client.signInEmail({ email, password: PASSWORD });
      expect(listener).toHaveBeenCalledTimes(4);
      await client.getSession();
      expect(listener).toHaveBeenCalledTimes(4);
    });

    it('fires once the call has succeeded, so a listener sees the new session', async () => {
      const { client } = setup();
      const seen: (string | null)[] = [];
      client.onSessionChange(() => {
        void client.getSession().then((data) => seen.push(data?.user.email ?? null));
      });
      const { email } = await signedUp(client);
      await vi.waitFor(() => expect(seen).toEqual([email]));
    });

    it('does not fire when the call fails', async () => {
      const { client } = setup();
      const listener = vi.fn();
      client.onSessionChange(listener);
      await expect(client.signInEmail({ email: 'nobody@example.com', password: PASSWORD })).rejects.toThrow(
        GatehouseError,
      );
      expect(listener).not.toHaveBeenCalled();
    });

    it('calls every listener, and the returned function unsubscribes', async () => {
      const { client } = setup();
      const first = vi.fn();
      const second = vi.fn();
      const unsubscribe = client.onSessionChange(first);
      client.onSessionChange(second);
      await signedUp(client);
      expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
      unsubscribe();
      await client.signOut();
      expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2]);
    });

    it('listeners belong to one client', async () => {
      const a = setup();
      const b = setup();
      const listener = vi.fn();
      a.client.onSessionChange(listener);
      await signedUp(b.client);
      expect(listener).not.toHaveBeenCalled();
    });
  });
});

describe('createClient without a server', () => {
  it('rejects with NETWORK_ERROR and status 0 when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const client = createClient({ baseURL: `http://127.0.0.1:${port}` });
    const error = await client.getSession().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({
      name: 'GatehouseError',
      status: 0,
      code: NETWORK_ERROR,
      message: 'The server could not be reached. Check your connection.',
    });
    expect(NETWORK_ERROR).toBe('NETWORK_ERROR');
  });

  it('a POST to a closed port also rejects with NETWORK_ERROR', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const client = createClient({ baseURL: `http://127.0.0.1:${port}` });
    await expect(client.signInEmail({ email: 'a@example.com', password: PASSWORD })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});
