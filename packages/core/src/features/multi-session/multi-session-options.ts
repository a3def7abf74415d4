/**
 * `multiSession` in the engine options (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
 * An object turns the feature on (the product's `MULTI_SESSION` setting fills it); leaving it out keeps
 * it off: its routes answer 404, no `_multi-` cookie is set and sign-out ends only the presented session.
 */
export interface MultiSessionOptions {
  /** How many people one browser may hold at once, 1–20; default 5 (Better Auth's). */
  maximumSessions?: number;
}

export interface ResolvedMultiSession {
  maximumSessions: number;
}

/** Each person is one cookie and one read per list: a small bound keeps both cheap. */
const MAXIMUM_SESSIONS_LIMIT = 20;

/** Undefined when off (the default). */
export function resolveMultiSession(
  options: MultiSessionOptions | false | undefined,
): ResolvedMultiSession | undefined {
  if (!options) return undefined;
  const maximumSessions = options.maximumSessions ?? 5;
  if (
    !Number.isSafeInteger(maximumSessions) ||
    maximumSessions < 1 ||
    maximumSessions > MAXIMUM_SESSIONS_LIMIT
  )
    throw new Error(
      `multiSession.maximumSessions must be a whole number from 1 to ${MAXIMUM_SESSIONS_LIMIT}`,
    );
  return { maximumSessions };
}
