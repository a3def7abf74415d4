import type { AnyEndpoint } from './endpoint.ts';

/** One route the engine answers over HTTP, for documentation, tests and clients (`auth.routes`). */
export interface RouteInfo {
  method: 'GET' | 'POST';
  /** Under the base path; `:name` marks a path parameter. */
  path: string;
  /** The top-level body fields the route reads (empty for GET routes and bodies it ignores). */
  bodyFields: string[];
  /** The query parameters the route reads. */
  queryFields: string[];
}

/** The routes reachable over HTTP: server-only endpoints are left out, as the router hides them. */
export function routeTable(endpoints: readonly AnyEndpoint[]): readonly RouteInfo[] {
  return Object.freeze(
    endpoints
      .filter((endpoint) => !endpoint.serverOnly)
      .map((endpoint) =>
        Object.freeze({
          method: endpoint.method,
          path: endpoint.path,
          bodyFields: fieldsOf(endpoint.body),
          queryFields: fieldsOf(endpoint.query),
        }),
      ),
  );
}

/** A schema's view of what `fieldsOf` needs: zod objects, unions, pipes and optional wrappers. */
interface SchemaShape {
  shape?: Record<string, unknown>;
  options?: readonly unknown[];
  in?: unknown;
  unwrap?: () => unknown;
}

/** The object keys a schema names, through unions, pipes and optional wrappers. */
export function fieldsOf(schema: unknown): string[] {
  const fields = new Set<string>();
  const pending: unknown[] = [schema];
  for (let depth = 0; pending.length > 0 && depth < 32; depth++) {
    const next = pending.pop() as SchemaShape | undefined;
    if (!next || typeof next !== 'object') continue;
    if (next.shape) for (const key of Object.keys(next.shape)) fields.add(key);
    else if (next.options) pending.push(...next.options);
    else if (next.in) pending.push(next.in);
    else if (typeof next.unwrap === 'function') pending.push(next.unwrap());
  }
  return [...fields];
}
