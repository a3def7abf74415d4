// The measured scenarios: what request each sends and how a correct answer is recognised.
import {
  cookieHeader,
  expectStatus,
  isSessionData,
  isSessionToken,
  type PreparedUser,
  readSetCookies,
} from './prepare.ts';

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** The server must be started with the session cookie cache in this state. */
  cookieCache: boolean;
  /** Password hashing dominates, so it is loaded with its own (smaller) connection count. */
  hashesPassword: boolean;
  request(user: PreparedUser, baseUrl: string): HttpRequest;
  /**
   * Strict check of one response, done once before measuring. Throws on a wrong answer. Bodies are not
   * checked during the measured run: doing so would load the load generator, not the server.
   */
  check(response: Response, body: string, user: PreparedUser): void;
}

function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(`${what}: body is not JSON: ${body.slice(0, 200)}`);
  }
}

function expectUser(json: unknown, user: PreparedUser, what: string): void {
  const found = (json as { user?: { email?: unknown } } | null)?.user?.email;
  if (found !== user.email) {
    throw new Error(
      `${what}: expected a body with user ${user.email}, got ${JSON.stringify(json)?.slice(0, 300)}`,
    );
  }
}

function getSession(cookieCache: boolean): Scenario {
  const name = `get-session (cookie cache ${cookieCache ? 'on' : 'off'})`;
  return {
    name,
    cookieCache,
    hashesPassword: false,
    request(user) {
      const token = user.cookies.filter((cookie) => isSessionToken(cookie.name));
      const data = user.cookies.filter((cookie) => isSessionData(cookie.name));
      if (cookieCache && data.length === 0) {
        throw new Error(`${name}: the cookie cache is on but sign-in set no session_data cookie`);
      }
      const cookies = cookieCache ? [...token, ...data] : token;
      return { method: 'GET', path: '/api/auth/get-session', headers: { cookie: cookieHeader(cookies) } };
    },
    check(_response, body, user) {
      const json = parseJson(body, name);
      if (json === null) throw new Error(`${name}: the session was not recognised (body is null)`);
      expectUser(json, user, name);
    },
  };
}

const signIn: Scenario = {
  name: 'sign-in',
  cookieCache: false,
  hashesPassword: true,
  request(user, baseUrl) {
    return {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      // A browser sends Origin on a POST; Better Auth's CSRF check relies on it.
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    };
  },
  check(response, body, user) {
    expectUser(parseJson(body, 'sign-in'), user, 'sign-in');
    if (!readSetCookies(response.headers).some((cookie) => isSessionToken(cookie.name))) {
      throw new Error('sign-in: the response set no session_token cookie');
    }
  },
};

// Within one server instance get-session runs before sign-in: every sign-in adds a session row.
export const scenarios: readonly Scenario[] = [getSession(true), getSession(false), signIn];

export async function checkScenario(baseUrl: string, scenario: Scenario, user: PreparedUser): Promise<void> {
  const request = scenario.request(user, baseUrl);
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetch(`${baseUrl}${request.path}`, init);
  const body = await expectStatus(response, 200, scenario.name);
  scenario.check(response, body, user);
}
