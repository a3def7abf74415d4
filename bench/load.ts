// Drives one server with autocannon: an unmeasured warm-up, then the measured run.
import autocannon, { type Options } from 'autocannon';
import type { HttpRequest } from './scenarios.ts';

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  connections: number;
  durationS: number;
  responses: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** 2xx responses whose body failed the scenario's check. */
  mismatches: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(
  baseUrl: string,
  request: HttpRequest,
  verifyBody: (body: string) => boolean,
  settings: LoadSettings,
): Promise<LoadResult> {
  const options: Options = {
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers: request.headers,
    connections: settings.connections,
    verifyBody,
  };
  if (request.body !== undefined) options.body = request.body;

  if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });

  // autocannon's own histogram keeps whole milliseconds only, too coarse for sub-millisecond
  // p50s, so the latency of every response is kept here at full resolution.
  const latencies = new LatencyRecorder();
  const instance = autocannon({ ...options, duration: settings.durationS });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.add(responseTime));
  const result = await instance;

  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = stats.count;
  return {
    connections: settings.connections,
    durationS: result.duration,
    responses: latencies.count,
    requestsPerSec: result.duration > 0 ? latencies.count / result.duration : 0,
    p50Ms: latencies.percentile(50),
    p99Ms: latencies.percentile(99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    mismatches: result.mismatches,
    statusCodes,
  };
}

class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private sorted = false;
  count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
    this.sorted = false;
  }

  /** Nearest-rank percentile; NaN when nothing was recorded. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    if (!this.sorted) {
      this.values = this.values.slice(0, this.count).sort();
      this.sorted = true;
    }
    const rank = Math.min(this.count, Math.max(1, Math.ceil((p / 100) * this.count)));
    return this.values[rank - 1] ?? Number.NaN;
  }
}
