import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestSeries } from './request-series.ts';

describe('the per-request series', () => {
  it('reads in Prometheus text exactly as prom-client writes its own counter and histogram', async () => {
    const registry = new Registry();
    const series = createRequestSeries(
      registry,
      { requests: 'reqs_total', latency: 'latency_seconds' },
      [0.01, 0.1],
    );
    series.record('GET', '/a', 200, 0.005);
    series.record('GET', '/a', 200, 0.01);
    series.record('GET', '/a', 404, 0.05);
    series.record('POST', '/b', 200, 2);

    const lines = (await registry.metrics()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '# TYPE reqs_total counter',
        'reqs_total{method="GET",route="/a",status="200"} 2',
        'reqs_total{method="GET",route="/a",status="404"} 1',
        'reqs_total{method="POST",route="/b",status="200"} 1',
        '# TYPE latency_seconds histogram',
        // Bounds are inclusive, and each bucket counts every observation at or below it.
        'latency_seconds_bucket{le="0.01",method="GET",route="/a"} 2',
        'latency_seconds_bucket{le="0.1",method="GET",route="/a"} 3',
        'latency_seconds_bucket{le="+Inf",method="GET",route="/a"} 3',
        'latency_seconds_sum{method="GET",route="/a"} 0.065',
        'latency_seconds_count{method="GET",route="/a"} 3',
        'latency_seconds_bucket{le="0.1",method="POST",route="/b"} 0',
        'latency_seconds_bucket{le="+Inf",method="POST",route="/b"} 1',
        'latency_seconds_count{method="POST",route="/b"} 1',
      ]),
    );
    // A second scrape reads the same totals, not twice them.
    expect(await registry.metrics()).toContain('reqs_total{method="GET",route="/a",status="200"} 2');
  });
});
