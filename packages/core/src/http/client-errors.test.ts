import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrorsAsJson } from './client-errors.ts';

/** Sends raw bytes and reads the whole answer, as no HTTP client would send them. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node refuses before routing answer JSON, not an empty reply', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_, response) => response.end('routed'));
    answerClientErrorsAsJson(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers an oversized query string with 431 JSON', async () => {
    const answer = await exchange(
      port,
      `GET /api/auth/ok?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: application/json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: 'Request header fields too large',
    });
  });

  it('answers oversized headers with 431 JSON', async () => {
    const answer = await exchange(
      port,
      `GET /ok HTTP/1.1\r\nHost: a\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('answers a malformed request line with 400 JSON', async () => {
    const answer = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'MALFORMED_REQUEST',
      message: 'Malformed HTTP request',
    });
  });
});
