import { defineEndpoint } from '../../http/endpoint.ts';
import { MAX_BODY_BYTES } from '../../http/read-body.ts';
import { redirectResponse } from '../../http/respond.ts';

const KEPT = ['code', 'error', 'device_id', 'error_description', 'state', 'user', 'iss'];

/**
 * POST /callback/:id (contract §5.1). Providers using `form_post` (Apple) POST cross-site, which
 * carries no SameSite=Lax cookies, so the state cookie would be missing. This bounces the
 * parameters to a top-level GET, which does carry them. Nothing is read or changed here.
 */
export const callbackPost = defineEndpoint({
  name: 'callbackOAuthPost',
  method: 'POST',
  path: '/callback/:id',
  requires: 'none',
  rawRequest: true,
  async handler({ auth, request, params }) {
    const merged = new Map<string, string>();
    for (const [key, value] of Object.entries(await readLooseBody(request.request))) {
      if (typeof value === 'string') merged.set(key, value);
    }
    // A query value wins over a body value.
    for (const [key, value] of request.url.searchParams) merged.set(key, value);
    const query = new URLSearchParams();
    for (const key of KEPT) {
      const value = merged.get(key);
      if (value !== undefined) query.set(key, value);
    }
    const target = `${auth.options.origin}${auth.options.basePath}/callback/${encodeURIComponent(params.id!)}`;
    return redirectResponse(`${target}?${query}`, []);
  },
});

/** A form or JSON body, whichever it is; anything unreadable counts as empty. */
async function readLooseBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const text = await request.text();
    if (!text || text.length > MAX_BODY_BYTES) return {};
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    }
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return {};
  }
}
