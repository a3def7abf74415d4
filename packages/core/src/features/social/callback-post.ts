import { defineEndpoint } from '../../http/endpoint.ts';
import type { Incoming } from '../../http/incoming.ts';
import { readBody } from '../../http/read-body.ts';
import { redirectResponse } from '../../http/respond.ts';

const KEPT = ['code', 'error', 'device_id', 'error_description', 'state', 'user', 'iss'];

/**
 * POST /callback/:id (docs/protocol/social.md#callback-by-post). Providers using `form_post` (Apple) POST
 * cross-site, which carries no SameSite=Lax cookies, so the state cookie would be missing. This bounces the
 * parameters to a top-level GET, which does carry them. Nothing is read or changed here.
 */
export const callbackPost = defineEndpoint({
  name: 'callbackOAuthPost',
  method: 'POST',
  path: '/callback/:id',
  summary: "The provider's callback sent as a form post",
  description:
    'Providers using `form_post` (Apple) post cross-site, without the state cookie; this only bounces the ' +
    'parameters to the GET callback.',
  requires: 'none',
  // Always bounces to the GET callback.
  errors: [],
  redirects: true,
  rawRequest: true,
  async handler({ auth, request, params }) {
    const merged = new Map<string, string>();
    for (const [key, value] of Object.entries(await readLooseBody(request.incoming))) {
      if (typeof value === 'string') merged.set(key, value);
    }
    // A query value wins over a body value.
    for (const [key, value] of request.url.searchParams) merged.set(key, value);
    const query = new URLSearchParams();
    for (const key of KEPT) {
      const value = merged.get(key);
      if (value !== undefined) query.set(key, value);
    }
    const target = `${auth.options.origin}${auth.options.basePath}/callback/${encodeURIComponent(params.id ?? '')}`;
    return redirectResponse(`${target}?${query}`, []);
  },
});

/** A form or JSON body (the engine's reader, with its size limit); anything unreadable counts as empty. */
async function readLooseBody(request: Incoming): Promise<Record<string, unknown>> {
  try {
    const body = await readBody(request, true);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
