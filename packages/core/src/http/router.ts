import type { AnyEndpoint } from './endpoint.ts';

export interface RouteMatch {
  endpoint: AnyEndpoint;
  /** Path parameters as sent, still percent-encoded: the pipeline decodes them (`path-params.ts`). */
  params: Record<string, string>;
}

export interface Router {
  /** The endpoint for a method and path, or null. */
  find(method: string, path: string): RouteMatch | null;
  /** The methods a path has routes for over HTTP (server-only endpoints excluded): for 405's Allow. */
  methodsOf(path: string): string[];
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

interface ParamRoute {
  method: string;
  pattern: RegExp;
  names: string[];
  endpoint: AnyEndpoint;
}

/**
 * Builds the route table once: static paths are one map lookup; the few paths with `:params`
 * are tried in order. Matching is exact and case-sensitive.
 */
export function buildRouter(endpoints: readonly AnyEndpoint[]): Router {
  const staticRoutes = new Map<string, AnyEndpoint>();
  const paramRoutes: ParamRoute[] = [];
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
  const httpMethods = new Set(['GET', 'POST']);

  const find = (method: string, path: string): RouteMatch | null => {
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

  return {
    find,
    methodsOf: (path) =>
      [...httpMethods].filter((method) => {
        const match = find(method, path);
        return match !== null && !match.endpoint.serverOnly;
      }),
  };
}
