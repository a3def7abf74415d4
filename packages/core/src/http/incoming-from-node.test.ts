import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { incomingFromNode } from './node-handler.ts';

function nodeRequest(
  url: string,
  headers: Record<string, string | string[]>,
  method = 'GET',
): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.url = url;
  request.method = method;
  request.headers = headers;
  return request;
}

describe('incomingFromNode', () => {
  it('reads the path, query, method and headers, and builds the URL from the Host header', () => {
    const incoming = incomingFromNode(
      nodeRequest(
        '/api/auth/list-sessions?limit=2',
        { host: 'auth.example:8080', 'x-many': ['a', 'b'] },
        'POST',
      ),
    );
    expect(incoming).not.toBeNull();
    expect(incoming?.method).toBe('POST');
    expect(incoming?.pathname).toBe('/api/auth/list-sessions');
    expect(incoming?.search).toBe('?limit=2');
    expect(incoming?.header('x-many')).toBe('a, b');
    expect(incoming?.header('absent')).toBeNull();
    expect(incoming?.url.href).toBe('http://auth.example:8080/api/auth/list-sessions?limit=2');
    expect(incoming?.serverCall).toBe(false);
  });

  it('parses a target that is not plain as URL parsing would, and refuses a backslash', () => {
    const incoming = incomingFromNode(nodeRequest('/api/auth/./get-session?', { host: 'localhost' }));
    expect(incoming?.pathname).toBe('/api/auth/get-session');
    expect(incoming?.search).toBe('');
    expect(incomingFromNode(nodeRequest('/api\\auth/get-session', { host: 'localhost' }))).toBeNull();
  });

  // An accessor defined in an object literal gives each request a hidden class of its own, which
  // kept every request alive through the young generation's collections (node-handler.ts).
  it('keeps the URL accessor on a shared prototype, not on each request', () => {
    const first = incomingFromNode(nodeRequest('/a', { host: 'localhost' }));
    const second = incomingFromNode(nodeRequest('/b', { host: 'localhost' }));
    expect(first && Object.getOwnPropertyDescriptor(first, 'url')).toBeUndefined();
    expect(first && Object.getPrototypeOf(first)).toBe(second && Object.getPrototypeOf(second));
  });
});
