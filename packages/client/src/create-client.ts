import { type EndpointSpec, type Endpoints, endpoints, type InputOf, type OutputOf } from './endpoints.ts';
import { GatehouseError, NETWORK_ERROR, type ValidationIssue } from './errors.ts';
import { isRetryable, type RetryOption, retryPlan } from './retry.ts';

export interface ClientOptions {
  /** Origin of the server; default: the page's own origin (''). */
  baseURL?: string;
  /** Default `/api/auth`. */
  basePath?: string;
  /** Retry policy for every call unless a call sets its own; default none. */
  retry?: RetryOption;
  fetch?: typeof fetch;
}

export interface CallOptions {
  retry?: RetryOption;
  signal?: AbortSignal;
}

type EndpointMethods = {
  [Name in keyof Endpoints]: undefined extends InputOf<Endpoints[Name]>
    ? (input?: InputOf<Endpoints[Name]>, options?: CallOptions) => Promise<OutputOf<Endpoints[Name]>>
    : (input: InputOf<Endpoints[Name]>, options?: CallOptions) => Promise<OutputOf<Endpoints[Name]>>;
};

export type GatehouseClient = EndpointMethods & {
  /** Called after every call that may have changed the session (sign-in, sign-out, …). */
  onSessionChange(listener: () => void): () => void;
};

/**
 * A typed client for the Gatehouse API. Every endpoint is a method resolving to the answer's JSON
 * or rejecting with a `GatehouseError { status, code, message }` (or the abort reason when the
 * call's signal aborts). Cookies travel with the browser's
 * own credentials; nothing is stored here.
 *
 * @example
 * const client = createClient();
 * await client.signInEmail({ email, password, rememberMe: true });
 * const session = await client.getSession();
 */
export function createClient(options: ClientOptions = {}): GatehouseClient {
  const base = `${options.baseURL ?? ''}${options.basePath ?? '/api/auth'}`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = new Set<() => void>();

  async function call(spec: EndpointSpec<unknown, unknown>, input: unknown, callOptions: CallOptions = {}) {
    const plan = retryPlan(callOptions.retry ?? options.retry);
    let result: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        result = await once(spec, input, callOptions.signal);
        break;
      } catch (error) {
        const status =
          error instanceof GatehouseError ? (error.code === NETWORK_ERROR ? null : error.status) : 0;
        if (attempt >= plan.attempts || !isRetryable(status) || callOptions.signal?.aborted) throw error;
        await wait(plan.delay(attempt + 1), callOptions.signal);
      }
    }
    // Listeners run after the call settled: one that throws cannot fail (or re-send) the call.
    if (spec.changesSession) {
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          console.error('gatehouse client: a session listener failed', error);
        }
      }
    }
    return result;
  }

  async function once(spec: EndpointSpec<unknown, unknown>, input: unknown, signal: AbortSignal | undefined) {
    let url = `${base}${spec.path}`;
    const init: RequestInit = { method: spec.method, credentials: 'include', signal, headers: {} };
    if (spec.method === 'GET') {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries((input as Record<string, unknown>) ?? {})) {
        if (value !== undefined) query.set(key, String(value));
      }
      if (query.size > 0) url += `?${query}`;
    } else if (input instanceof Blob) {
      // A file upload (uploadAvatar): the bytes as they are, typed as the file is.
      init.headers = { 'content-type': input.type };
      init.body = input;
    } else {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(input ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new GatehouseError(0, NETWORK_ERROR, 'The server could not be reached. Check your connection.');
    }
    const text = await response.text();
    const data = text ? safeJson(text) : null;
    if (!response.ok) {
      const body = (data ?? {}) as {
        code?: string;
        message?: string;
        issues?: ValidationIssue[];
      };
      throw new GatehouseError(
        response.status,
        body.code ?? `HTTP_${response.status}`,
        body.message ?? response.statusText,
        body.issues,
      );
    }
    return data;
  }

  const client: Record<string, unknown> = {
    onSessionChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  for (const [name, spec] of Object.entries(endpoints)) {
    client[name] = (input?: unknown, callOptions?: CallOptions) => call(spec, input, callOptions);
  }
  return client as GatehouseClient;
}

/** Waits before a retry; an abort ends the wait at once. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
