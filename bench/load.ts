// Drives one server with the chosen load generator: an unmeasured warm-up, then the measured run.
import { createRequire } from 'node:module';
import autocannon, { type Options } from 'autocannon';
import type { HttpRequest } from './scenarios.ts';
import { findWrk, runWrk, wrkVersion } from './wrk.ts';

export type LoadTool = 'wrk' | 'autocannon';

export interface LoadGenerator {
  tool: LoadTool;
  version: string;
  /** Path of the wrk binary; undefined for autocannon, which runs in this process. */
  binary: string | undefined;
}

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  tool: LoadTool;
  connections: number;
  durationS: number;
  /** Completed responses, any status. */
  responses: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses per status code; autocannon only (wrk reports just the non-2xx/3xx count). */
  statusCodes?: Record<string, number>;
}

/**
 * wrk (C, one thread) when it is on PATH: autocannon runs in this Node process and on a 2-core machine
 * caps a fast server well below what it can serve. autocannon is the fallback, or whichever `forced` names.
 */
export function chooseLoadGenerator(forced: LoadTool | undefined): LoadGenerator {
  const binary = forced === 'autocannon' ? undefined : findWrk();
  if (binary !== undefined) return { tool: 'wrk', version: wrkVersion(binary), binary };
  if (forced === 'wrk') throw new Error('--tool wrk: no wrk binary on PATH (apt-get install -y wrk)');
  return { tool: 'autocannon', version: autocannonVersion(), binary: undefined };
}

/** Sends `requests` in turn on every connection (one request alone: that one again and again). */
export function runLoad(
  generator: LoadGenerator,
  baseUrl: string,
  requests: readonly HttpRequest[],
  settings: LoadSettings,
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('runLoad: no request to send');
  if (generator.binary !== undefined) return runWrk(generator.binary, baseUrl, requests, settings);
  return runAutocannon(baseUrl, requests, settings);
}

// No verifyBody and no per-response listener: both run in this process for every response and slow
// autocannon down. Bodies are checked once by the sanity check before measuring; the latency percentiles
// are autocannon's own (2xx responses only, whole milliseconds).
async function runAutocannon(
  baseUrl: string,
  requests: readonly HttpRequest[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const [first] = requests as [HttpRequest];
  const options: Options = {
    url: `${baseUrl}${first.path}`,
    method: first.method,
    headers: first.headers,
    connections: settings.connections,
  };
  if (first.body !== undefined) options.body = first.body;
  // Each connection goes through the list in order, then starts again.
  if (requests.length > 1)
    options.requests = requests.map(({ method, path, headers, body }) => ({ method, path, headers, body }));

  if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });
  const result = await autocannon({ ...options, duration: settings.durationS });

  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = stats.count;
  return {
    tool: 'autocannon',
    connections: settings.connections,
    durationS: result.duration,
    responses: result.requests.total,
    requestsPerSec: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}

function autocannonVersion(): string {
  try {
    return String(createRequire(import.meta.url)('autocannon/package.json').version);
  } catch {
    return 'unknown';
  }
}
