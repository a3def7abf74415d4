// The measured scenarios: what request each sends and how a correct answer is recognised.
import {
  type Cookie,
  cookieHeader,
  expectStatus,
  isSessionData,
  isSessionToken,
  type PreparedUser,
  readSetCookies,
} from './prepare.ts';
import type { SeedFacts } from './seed.ts';

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a scenario's request is built from on one server instance. */
export interface ScenarioContext {
  user: PreparedUser;
  /** Cookies of this instance's sign-in. */
  cookies: Cookie[];
  baseUrl: string;
  /** Present in `--seed` runs. */
  seed: SeedFacts | undefined;
}

export interface Scenario {
  name: string;
  /** The server must be started with the session cookie cache in this state. */
  cookieCache: boolean;
  /** Password hashing dominates: loaded with its own connection count, and compared with scrypt's ceiling. */
  hashesPassword: boolean;
  /** Measured only when the database was seeded (it needs the seeded rows). */
  seededOnly: boolean;
  request(context: ScenarioContext): HttpRequest;
  /**
   * Strict check of one response, done once before measuring. Throws on a wrong answer. Bodies are not
   * checked during the measured run: doing so would load the load generator, not the server.
   */
  check(response: Response, body: string, context: ScenarioContext): void;
}

function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(`${what}: body is not JSON: ${body.slice(0, 200)}`);
  }
}

function fail(what: string, expected: string, json: unknown): never {
  throw new Error(`${what}: expected ${expected}, got ${JSON.stringify(json)?.slice(0, 300)}`);
}

function expectUser(json: unknown, user: PreparedUser, what: string): void {
  const found = (json as { user?: { email?: unknown } } | null)?.user?.email;
  if (found !== user.email) fail(what, `a body with user ${user.email}`, json);
}

const sessionCookie = (context: ScenarioContext): string =>
  cookieHeader(context.cookies.filter((cookie) => isSessionToken(cookie.name)));

const get = (path: string, context: ScenarioContext): HttpRequest => ({
  method: 'GET',
  path,
  headers: { cookie: sessionCookie(context) },
});

function getSession(cookieCache: boolean): Scenario {
  const name = `get-session (cookie cache ${cookieCache ? 'on' : 'off'})`;
  return {
    name,
    cookieCache,
    hashesPassword: false,
    seededOnly: false,
    request(context) {
      const data = context.cookies.filter((cookie) => isSessionData(cookie.name));
      if (cookieCache && data.length === 0) {
        throw new Error(`${name}: the cookie cache is on but sign-in set no session_data cookie`);
      }
      const cookie = cookieCache
        ? `${sessionCookie(context)}; ${cookieHeader(data)}`
        : sessionCookie(context);
      return { method: 'GET', path: '/api/auth/get-session', headers: { cookie } };
    },
    check(_response, body, context) {
      const json = parseJson(body, name);
      if (json === null) throw new Error(`${name}: the session was not recognised (body is null)`);
      expectUser(json, context.user, name);
    },
  };
}

/**
 * The cookie scenario `twin`, authenticated by the user's personal API key instead: the same request
 * and answer check, with `x-api-key` in place of the cookie. Both servers make a session from the key
 * (the peer's `enableSessionForAPIKeys`); the key counts one use per request on both.
 */
function withApiKey(twin: Scenario): Scenario {
  return {
    ...twin,
    name: `${twin.name} (x-api-key)`,
    request(context) {
      const request = twin.request(context);
      const { cookie: _cookie, ...headers } = request.headers;
      return { ...request, headers: { ...headers, 'x-api-key': context.user.apiKey } };
    },
  };
}

const listSessions: Scenario = {
  name: 'list-sessions',
  cookieCache: false,
  hashesPassword: false,
  seededOnly: false,
  request: (context) => get('/api/auth/list-sessions', context),
  check(_response, body, context) {
    const json = parseJson(body, 'list-sessions');
    if (!Array.isArray(json) || !json.some((session) => session?.userId === context.user.id)) {
      fail('list-sessions', "an array with the user's sessions", json);
    }
  },
};

const getFullOrganization: Scenario = {
  name: 'get-full-organization',
  cookieCache: false,
  hashesPassword: false,
  seededOnly: false,
  request: (context) =>
    get(
      `/api/auth/organization/get-full-organization?organizationId=${context.user.organizationId}`,
      context,
    ),
  check(_response, body, context) {
    const json = parseJson(body, 'get-full-organization') as { id?: unknown; members?: unknown } | null;
    if (json?.id !== context.user.organizationId || !Array.isArray(json.members)) {
      fail('get-full-organization', 'the organization with its members', json);
    }
  },
};

const hasPermission: Scenario = {
  name: 'has-permission',
  cookieCache: false,
  hashesPassword: false,
  seededOnly: false,
  request: (context) => ({
    method: 'POST',
    path: '/api/auth/organization/has-permission',
    headers: { cookie: sessionCookie(context), 'content-type': 'application/json', origin: context.baseUrl },
    body: JSON.stringify({
      organizationId: context.user.organizationId,
      permissions: { member: ['create'] },
    }),
  }),
  check(_response, body) {
    const json = parseJson(body, 'has-permission') as { success?: unknown } | null;
    if (json?.success !== true) fail('has-permission', '{ success: true }', json);
  },
};

const adminSearchUsers: Scenario = {
  name: 'admin list-users search',
  cookieCache: false,
  hashesPassword: false,
  seededOnly: true,
  request(context) {
    const search = context.seed?.userSearch ?? '';
    return get(
      `/api/auth/admin/list-users?searchValue=${encodeURIComponent(search)}&searchField=email&searchOperator=contains&limit=20`,
      context,
    );
  },
  check(_response, body) {
    const json = parseJson(body, 'admin list-users') as { users?: unknown[] } | null;
    if (!Array.isArray(json?.users) || json.users.length === 0)
      fail('admin list-users', 'matching users', json);
  },
};

const listBigOrganizationMembers: Scenario = {
  name: 'list-members (1,000 members)',
  cookieCache: false,
  hashesPassword: false,
  seededOnly: true,
  request: (context) =>
    get(
      `/api/auth/organization/list-members?organizationId=${context.user.organizationId}&limit=100`,
      context,
    ),
  check(_response, body) {
    const json = parseJson(body, 'list-members') as { members?: unknown[]; total?: unknown } | null;
    if (!Array.isArray(json?.members) || json.members.length !== 100 || json.total !== 1000) {
      fail('list-members', '100 of 1,000 members', json);
    }
  },
};

const signIn: Scenario = {
  name: 'sign-in',
  cookieCache: false,
  hashesPassword: true,
  seededOnly: false,
  request(context) {
    return {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      // A browser sends Origin on a POST; Better Auth's CSRF check relies on it.
      headers: { 'content-type': 'application/json', origin: context.baseUrl },
      body: JSON.stringify({ email: context.user.email, password: context.user.password }),
    };
  },
  check(response, body, context) {
    expectUser(parseJson(body, 'sign-in'), context.user, 'sign-in');
    if (!readSetCookies(response.headers).some((cookie) => isSessionToken(cookie.name))) {
      throw new Error('sign-in: the response set no session_token cookie');
    }
  },
};

// Sign-in runs last: every sign-in adds a session row, which would grow list-sessions' answer.

/**
 * The users whose requests a scenario sends in turn: the seeded-only scenarios read what the seed
 * grew around the first user (bench/seed.ts), so only that one.
 */
export const usersMeasuredBy = <T>(scenario: Scenario, users: readonly T[]): readonly T[] =>
  scenario.seededOnly ? users.slice(0, 1) : users;

export const scenarios: readonly Scenario[] = [
  getSession(true),
  getSession(false),
  withApiKey(getSession(false)),
  listSessions,
  getFullOrganization,
  withApiKey(getFullOrganization),
  hasPermission,
  adminSearchUsers,
  listBigOrganizationMembers,
  signIn,
];

/**
 * `fetch`, sent once more when the connection it reused turns out closed: a kept-alive socket that
 * sat idle while the seed wrote to the database for minutes is closed by the server, and the first
 * request on it fails with "other side closed" before reaching it (seen with `bench:profile` and
 * `bench:gc` on the seeded-only scenarios). The second try opens a new connection.
 */
async function fetchOnLiveSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** One request, checked strictly; answers the body so the `bare` server can reply with the same bytes. */
export async function checkScenario(
  scenario: Scenario,
  context: ScenarioContext,
): Promise<{ contentType: string; body: string }> {
  const request = scenario.request(context);
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetchOnLiveSocket(`${context.baseUrl}${request.path}`, init);
  const body = await expectStatus(response, 200, scenario.name);
  scenario.check(response, body, context);
  return { contentType: response.headers.get('content-type') ?? 'application/json', body };
}
