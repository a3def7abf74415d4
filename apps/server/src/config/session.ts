import { type Env, variableReader } from './variables.ts';

/** How long sessions last and are refreshed, and how long the signed session cookie is trusted, in seconds. */
export interface SessionDurations {
  expiresIn: number;
  updateAge: number;
  freshAge: number;
  cookieCacheMaxAge: number;
}

/** Browsers keep a cookie at most 400 days; session cookies live as long as the session. */
const MAX_COOKIE_AGE = 34_560_000;

/** Reads the four SESSION_* durations. */
export function readSession(env: Env, problems: string[]): SessionDurations {
  const read = variableReader(env, problems);
  const session = {
    expiresIn: read.seconds('SESSION_EXPIRES_IN', 604_800),
    updateAge: read.seconds('SESSION_UPDATE_AGE', 86_400),
    freshAge: read.seconds('SESSION_FRESH_AGE', 86_400),
    cookieCacheMaxAge: read.seconds('SESSION_COOKIE_CACHE_MAX_AGE', 300),
  };
  for (const [name, value] of [
    ['SESSION_EXPIRES_IN', session.expiresIn],
    ['SESSION_COOKIE_CACHE_MAX_AGE', session.cookieCacheMaxAge],
  ] as const) {
    if (value > MAX_COOKIE_AGE)
      problems.push(`${name}: expected at most ${MAX_COOKIE_AGE} (400 days, the cookie limit)`);
  }
  if (session.expiresIn === 0) problems.push('SESSION_EXPIRES_IN: expected a positive number of seconds');
  return session;
}
