import type { AnyEndpoint } from './endpoint.ts';

export interface RouteMatch {
  endpoint: AnyEndpoint;
  /** Path parameters as sent, still percent-encoded: the pipeline decodes them (`path-params.ts`). */
  params: Record<string, string>;
}

export type Router = (method: string, path: string) => RouteMatch | null;

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Builds the route table once: static paths are one map lookup; the few paths with `:params`
 * are tried in order. Matching is exact and case-sensitive; a method a path does not accept is
 * simply not found (404, never 405 — contract §1.2).
 */
export function buildRouter(endpoints: AnyEndpoint[]): Router {
  const staticRoutes = new Map<string, AnyEndpoint>();
  const paramRoutes: { method: string; pattern: RegExp; names: string[]; endpoint: AnyEndpoint }[] = [];
  for (const endpoint of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    if (!endpoint.path.includes(':')) {
      if (staticRoutes.has(key)) throw new Error(`Duplicate route ${key}`);
      staticRoutes.set(key, endpoint);
      continue;
    }
    const names: string[] = [];
    const source = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    paramRoutes.push({ method: endpoint.method, pattern: new RegExp(`^${source}$`), names, endpoint });
  }

  return (method, path) => {
    const endpoint = staticRoutes.get(`${method} ${path}`);
    if (endpoint) return { endpoint, params: NO_PARAMS };
    for (const route of paramRoutes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = match[i + 1] ?? '';
      });
      return { endpoint: route.endpoint, params };
    }
    return null;
  };
}
