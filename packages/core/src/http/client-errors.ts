import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { type ErrorCode, errorCatalogue } from '../errors.ts';

/**
 * Node answers requests it cannot parse — headers or a query string over its 16 KiB limit, a
 * malformed request line — itself, with a bare `431` or `400` and no body, before the engine's
 * handler runs. A host calls this on its `node:http` server so those answers are `{ code, message }`
 * JSON like every other (docs/api.md#bad-input). A socket that is already gone is only destroyed.
 */
export function answerClientErrorsAsJson(server: Pick<EventEmitter, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST_HEADER_FIELDS_TOO_LARGE' : 'MALFORMED_REQUEST';
    const { status, message } = errorCatalogue[code];
    const body = JSON.stringify({ code, message });
    socket.end(
      `HTTP/1.1 ${status} ${message}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
