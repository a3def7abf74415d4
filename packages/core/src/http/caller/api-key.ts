import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../request-context.ts';
import type { CallerResolver } from './caller-resolver.ts';

/** The request header carrying a key (docs/protocol/api-key.md#when-it-applies). */
export const API_KEY_HEADER = 'x-api-key';

/** Nothing to check: see `apiKeyCaller`. */
const noCheck = (): void => {};

/**
 * A non-empty `x-api-key` header, while the API-key feature is on (`ports.apiKeys`); off, the
 * header is ignored. It names the caller whatever cookies or bearer token come with it: the key
 * decides who the session is (docs/protocol/api-key.md#the-key-session). The key is validated, and its
 * use counted, by the session step on every route (`pipeline/session-step.ts`). A browser never
 * attaches the header on its own, so the origin checks, which guard cookies, are skipped.
 */
export const apiKeyCaller: CallerResolver = {
  identify(auth: AuthContext, request: RequestContext) {
    if (!auth.ports.apiKeys) return null;
    const key = request.header(API_KEY_HEADER);
    return key ? { kind: 'apiKey', key } : null;
  },
  checkOrigin: noCheck,
  checkFormOrigin: noCheck,
};
