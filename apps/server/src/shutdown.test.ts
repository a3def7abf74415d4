import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, slowRequest, startServerProcess } from './testing/server-process.ts';

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

const signUpBody = (email: string) =>
  JSON.stringify({ name: 'Drain', email, password: 'correct horse battery' });

describe('SIGTERM (SHUTDOWN_GRACE)', () => {
  it('stops accepting, finishes requests in flight, cuts off the rest after the grace, and exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_GRACE: '3', RATE_LIMIT: 'off' });
    running.push(server);
    const headers = { 'content-type': 'application/json', origin: `http://localhost:${server.port}` };
    const finishing = slowRequest(
      `${server.url}/api/auth/sign-up/email`,
      headers,
      signUpBody('drain@example.com'),
    );
    const stuck = slowRequest(
      `${server.url}/api/auth/sign-up/email`,
      headers,
      signUpBody('stuck@example.com'),
    );
    // Both requests are in flight (their bodies half sent) when the signal arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    await expect(fetch(`${server.url}/health`)).rejects.toThrow();

    finishing.finish();
    const answer = await finishing.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).user.email).toBe('drain@example.com');

    // The stuck one never completes its body: it is cut off once the grace is over.
    await expect(stuck.response).rejects.toThrow();
    expect(await server.exit).toEqual({ code: 0, signal: null });
    const elapsed = Date.now() - signalledAt;
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(6000);
    expect(server.output()).toContain('shutting down; requests in flight get 3 s to finish');
  }, 60_000);
});
