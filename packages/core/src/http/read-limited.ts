import { AuthError } from '../errors.ts';

/**
 * A request body's bytes, refused with 413 as soon as they pass `maxBytes`: counted while they
 * stream in, so a body without Content-Length (or understating it) cannot get past the limit.
 */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AuthError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
