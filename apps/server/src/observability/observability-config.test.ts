import { describe, expect, it } from 'vitest';
import { readObservability } from './observability-config.ts';

/** Reads the settings and returns them with the problems found. */
function read(env: Record<string, string>, production = false) {
  const problems: string[] = [];
  return { config: readObservability(env, production, problems), problems };
}

describe('LOG_LEVEL, LOG_FORMAT and METRICS_TOKEN', () => {
  it('default to info, readable lines in development and JSON in production, and no token', () => {
    expect(read({})).toEqual({
      config: { logLevel: 'info', logFormat: 'pretty', metricsToken: undefined },
      problems: [],
    });
    expect(read({}, true).config.logFormat).toBe('json');
  });

  it('take any pino level and either format, whatever the case', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      expect(read({ LOG_LEVEL: level.toUpperCase() }).config.logLevel).toBe(level);
    expect(read({ LOG_FORMAT: 'JSON' }).config.logFormat).toBe('json');
    expect(read({ LOG_FORMAT: 'pretty' }, true).config.logFormat).toBe('pretty');
  });

  it('say what they expect when malformed', () => {
    expect(read({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' }).problems).toEqual([
      "LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
      "LOG_FORMAT: expected 'json' or 'pretty', got 'xml'",
    ]);
  });

  it('refuse a short or spaced metrics token without echoing it', () => {
    const short = read({ METRICS_TOKEN: 'tiny-token' }).problems;
    expect(short).toEqual(['METRICS_TOKEN: expected at least 16 characters']);
    const spaced = read({ METRICS_TOKEN: 'a token with spaces in it' }).problems;
    expect(spaced).toEqual(['METRICS_TOKEN: expected printable characters without spaces']);
    expect(read({ METRICS_TOKEN: 'k3y-0f-at-least-16-chars' }).config.metricsToken).toBe(
      'k3y-0f-at-least-16-chars',
    );
  });
});
