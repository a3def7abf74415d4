import { AuthError, type ErrorCode } from './errors.ts';
import type { AnyEndpoint } from './http/endpoint.ts';
import type { AuthHandler } from './http/handler.ts';
import { markServerCall } from './http/server-call.ts';

export interface ApiCall {
  /** Anything `new Headers()` takes (the DOM's `HeadersInit`, which Node's types do not name). */
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

/** A server-side call: resolves to the JSON answer, or rejects with the AuthError it carried. */
export type ApiFunction = ((call?: ApiCall) => Promise<unknown>) & {
  /** The same call answered as a full Response (status, headers, cookies). */
  asResponse(call?: ApiCall): Promise<Response>;
};

/**
 * `auth.api`: every endpoint as a function for code running beside the engine
 * (`await auth.api.getSession({ headers })`). Calls go through the same pipeline as HTTP requests,
 * so rules and errors are identical.
 */
export function createApi(
  handler: AuthHandler,
  endpoints: readonly AnyEndpoint[],
  origin: string,
  basePath: string,
) {
  const api: Record<string, ApiFunction> = {};
  for (const endpoint of endpoints) {
    const asResponse = (call: ApiCall = {}) => {
      const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(call.params?.[name] ?? ''),
      );
      const url = new URL(`${origin}${basePath}${path}`);
      for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
      const headers = new Headers(call.headers);
      const init: RequestInit = { method: endpoint.method, headers };
      if (endpoint.method === 'POST') {
        headers.set('content-type', 'application/json');
        init.body = JSON.stringify(call.body ?? {});
      }
      const request = new Request(url, init);
      markServerCall(request);
      return handler(request);
    };
    const fn = async (call?: ApiCall) => {
      const response = await asResponse(call);
      const text = await response.text();
      const data = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      if (response.status >= 400) {
        throw new AuthError((data?.code as ErrorCode) ?? 'INTERNAL_SERVER_ERROR', {
          status: response.status,
          message: data?.message,
        });
      }
      return data;
    };
    api[endpoint.name] = Object.assign(fn, { asResponse });
  }
  return api;
}
