import { describe, expect, it } from 'vitest';
import { finishRequest } from './access-log.ts';
import { createLogger } from './logger.ts';

describe('the access line', () => {
  it('is exactly the line pino writes for the same fields, in JSON and readable formats', () => {
    for (const logFormat of ['json', 'pretty'] as const) {
      const lines: string[] = [];
      const logger = createLogger({ logLevel: 'info', logFormat }, (line) => lines.push(line));
      const finished: unknown[] = [];
      const finish = finishRequest(logger, (request) => finished.push(request));
      for (const code of [undefined, 'INVALID_EMAIL_OR_PASSWORD']) {
        finish('req-1', performance.now(), 'POST', { route: '/api/auth/sign-in/email', status: 401, code });
        const fast = lines.pop() ?? '';
        const durationMs = (finished.at(-1) as { durationMs: number }).durationMs;
        logger.info(
          { reqId: 'req-1', method: 'POST', route: '/api/auth/sign-in/email', status: 401, durationMs, code },
          'request',
        );
        const pinos = lines.pop() ?? '';
        const withoutTime = (line: string) => line.replace(/"time":\d+/, '').replace(/^\S+ /, '');
        expect(withoutTime(fast)).toBe(withoutTime(pinos));
      }
    }
  });

  it('writes nothing below its level, and still counts the request', () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'warn', logFormat: 'json' }, (line) => lines.push(line));
    let counted = 0;
    finishRequest(logger, () => counted++)('req-2', performance.now(), 'GET', {
      route: '/health',
      status: 200,
      code: undefined,
    });
    expect(lines).toEqual([]);
    expect(counted).toBe(1);
  });
});
