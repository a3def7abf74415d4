// @vitest-environment happy-dom
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CookieJar } from '@gatehouse/core/testing';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../create-client.ts';
import { SessionStore } from './session-store.ts';
import { SessionProvider, useSession } from './use-session.ts';

const PASSWORD = 'correct horse battery';

/**
 * One browser tab's network: requests go through node:http (under happy-dom the global fetch is
 * happy-dom's, which applies CORS and drops Cookie/Origin), with a cookie jar and the server's own
 * Origin. Every request's method and path is recorded.
 */
function browser(origin: string) {
  const jar = new CookieJar();
  const requests: string[] = [];
  const browserFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>), origin };
    if (jar.cookies.size > 0) headers.cookie = jar.header();
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          const setCookies = res.headers['set-cookie'] ?? [];
          // CookieJar reads Set-Cookie from a Response; hand it node's header list directly.
          jar.store({ headers: { getSetCookie: () => setCookies } } as unknown as Response);
          resolve(
            new Response(body || null, { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '' }),
          );
        });
      });
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
  };
  const count = (path: string) => requests.filter((r) => r === `GET /api/auth${path}`).length;
  return { jar, requests, count, fetch: browserFetch };
}

/** Shows one component's view of the session. */
function Who({ label }: { label: string }) {
  const { data, isPending, error } = useSession();
  const text = isPending
    ? 'pending'
    : error
      ? `error: ${error.message}`
      : data
        ? `signed in as ${data.user.email}`
        : 'signed out';
  return <p data-testid={label}>{text}</p>;
}

/**
 * The real engine (`startTestServer`: loopback, fresh SQLite database), run in a child process.
 * In this file the globals are happy-dom's, and @hono/node-server builds its Request on the global
 * Request at load time, which breaks body reading (500 on every POST); a plain Node process has
 * Node's own. Closing stdin closes the server and ends the process.
 */
async function startServerProcess(): Promise<{ url: string; close(): Promise<void> }> {
  // Node path helpers: under happy-dom the global URL is happy-dom's.
  const here = dirname(fileURLToPath(import.meta.url));
  const script = [
    // Resolved from the repository root (the child's cwd), through the workspace package.
    "import { startTestServer } from '@gatehouse/core/testing';",
    'const server = await startTestServer();',
    "process.stdout.write(JSON.stringify({ url: server.url }) + '\\n');",
    "process.stdin.on('end', () => server.close().then(() => process.exit(0)));",
    'process.stdin.resume();',
  ].join('\n');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: resolve(here, '../../../..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const { stdin, stdout } = child;
  if (!stdin || !stdout) throw new Error('the test server process was started without pipes');
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`test server process exited early (${code})`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        stdin.end();
      }),
  };
}

const shown = (label: string) => screen.getByTestId(label).textContent;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SessionProvider and useSession against a real server', () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  let counter = 0;
  /** A user that exists on the server, signed in nowhere. */
  async function existingUser() {
    const email = `react${++counter}@example.com`;
    // Through node:http, in a browser of its own: server.client() would use happy-dom's fetch.
    const elsewhere = createClient({ baseURL: server.url, fetch: browser(server.url).fetch });
    await elsewhere.signUpEmail({ name: 'Test User', email, password: PASSWORD });
    return email;
  }

  function setup() {
    const tab = browser(server.url);
    const client = createClient({ baseURL: server.url, fetch: tab.fetch });
    const view = render(
      <SessionProvider client={client}>
        <Who label="header" />
        <Who label="sidebar" />
      </SessionProvider>,
    );
    return { ...tab, client, view };
  }

  const both = () => [shown('header'), shown('sidebar')];

  it('two components under one provider share a single get-session request', async () => {
    const tab = setup();
    expect(both()).toEqual(['pending', 'pending']);
    await waitFor(() => expect(both()).toEqual(['signed out', 'signed out']));
    await act(() => pause(50));
    expect(tab.count('/get-session')).toBe(1);
    expect(tab.requests).toEqual(['GET /api/auth/get-session']);
    tab.view.unmount();
  });

  it('one request also under StrictMode, which subscribes twice', async () => {
    const tab = browser(server.url);
    const client = createClient({ baseURL: server.url, fetch: tab.fetch });
    const view = render(
      <StrictMode>
        <SessionProvider client={client}>
          <Who label="header" />
          <Who label="sidebar" />
        </SessionProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(both()).toEqual(['signed out', 'signed out']));
    await act(() => pause(50));
    expect(tab.count('/get-session')).toBe(1);
    view.unmount();
  });

  it('after signInEmail both components show the user; after signOut both show signed out', async () => {
    const email = await existingUser();
    const tab = setup();
    await waitFor(() => expect(both()).toEqual(['signed out', 'signed out']));

    await act(() => tab.client.signInEmail({ email, password: PASSWORD }));
    await waitFor(() => expect(both()).toEqual([`signed in as ${email}`, `signed in as ${email}`]));
    expect(tab.count('/get-session')).toBe(2);

    await act(() => tab.client.signOut());
    await waitFor(() => expect(both()).toEqual(['signed out', 'signed out']));
    expect(tab.count('/get-session')).toBe(3);
    expect(tab.requests).toEqual([
      'GET /api/auth/get-session',
      'POST /api/auth/sign-in/email',
      'GET /api/auth/get-session',
      'POST /api/auth/sign-out',
      'GET /api/auth/get-session',
    ]);
    tab.view.unmount();
  });

  it('updateUser through the client shows the new profile everywhere', async () => {
    const email = await existingUser();
    const tab = setup();
    await waitFor(() => expect(shown('header')).toBe('signed out'));
    await act(() => tab.client.signInEmail({ email, password: PASSWORD }));
    await waitFor(() => expect(shown('header')).toBe(`signed in as ${email}`));

    function Name() {
      const { data } = useSession();
      return <p data-testid="name">{data?.user.name}</p>;
    }
    const names = render(
      <SessionProvider client={tab.client}>
        <Name />
      </SessionProvider>,
    );
    expect(shown('name')).toBe('Test User');
    await act(() => tab.client.updateUser({ name: 'Renamed' }));
    await waitFor(() => expect(shown('name')).toBe('Renamed'));
    names.unmount();
    tab.view.unmount();
  });

  it('the window regaining focus refetches the session', async () => {
    const email = await existingUser();
    const tab = setup();
    await waitFor(() => expect(both()).toEqual(['signed out', 'signed out']));
    expect(tab.count('/get-session')).toBe(1);

    // Signed in behind the store's back (another tab of the same browser): no listener fires.
    const response = await tab.fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    await act(() => pause(50));
    expect(both()).toEqual(['signed out', 'signed out']);
    expect(tab.count('/get-session')).toBe(1);

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(both()).toEqual([`signed in as ${email}`, `signed in as ${email}`]));
    expect(tab.count('/get-session')).toBe(2);
    tab.view.unmount();
  });

  it('refetch() from the hook reads the session again', async () => {
    const tab = browser(server.url);
    const client = createClient({ baseURL: server.url, fetch: tab.fetch });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider client={client}>{children}</SessionProvider>
    );
    const { result, unmount } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
    await act(() => result.current.refetch());
    expect(tab.count('/get-session')).toBe(2);
    unmount();
  });

  it('a failed fetch is reported in error, and the next success clears it', async () => {
    let failing = true;
    const tab = browser(server.url);
    const client = createClient({
      baseURL: server.url,
      fetch: (input, init) => (failing ? Promise.reject(new TypeError('offline')) : tab.fetch(input, init)),
    });
    const view = render(
      <SessionProvider client={client}>
        <Who label="header" />
      </SessionProvider>,
    );
    await waitFor(() =>
      expect(shown('header')).toBe('error: The server could not be reached. Check your connection.'),
    );
    failing = false;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(shown('header')).toBe('signed out'));
    view.unmount();
  });

  it('useSession outside a SessionProvider throws a clear error', () => {
    // React reports the render error on the console too; keep the output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used inside <SessionProvider>');
    expect(() => render(<Who label="orphan" />)).toThrow('useSession must be used inside <SessionProvider>');
  });
});

describe('SessionStore', () => {
  it('concurrent refetches share one request', async () => {
    let calls = 0;
    const client = createClient({
      fetch: async () => {
        calls++;
        await pause(10);
        return new Response('null', { status: 200 });
      },
    });
    const store = new SessionStore(client);
    await Promise.all([store.refetch(), store.refetch(), store.refetch()]);
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toEqual({ data: null, isPending: false, error: null });
    await store.refetch();
    expect(calls).toBe(2);
  });

  it('starts pending and fetches once on the first subscriber only', async () => {
    let calls = 0;
    const client = createClient({
      fetch: async () => {
        calls++;
        return new Response('null', { status: 200 });
      },
    });
    const store = new SessionStore(client);
    expect(store.getSnapshot()).toEqual({ data: null, isPending: true, error: null });
    expect(calls).toBe(0);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.subscribe(() => {});
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(calls).toBe(1);
    expect(store.getSnapshot().isPending).toBe(false);
    unsubscribe();
    await store.refetch();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
