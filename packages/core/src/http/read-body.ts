import { AuthError } from '../errors.ts';
import type { Incoming } from './incoming.ts';

/** No auth call needs more; a larger body is refused before it is parsed. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a POST body as docs/protocol/core.md#request-bodies describes: JSON only, or also URL-encoded forms
 * for sign-in and sign-up. An empty body reads as undefined, so the schema reports it.
 */
export async function readBody(request: Incoming, acceptsForm: boolean): Promise<unknown> {
  const declared = Number(request.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new AuthError('PAYLOAD_TOO_LARGE');
  const text = (await request.readBytes(MAX_BODY_BYTES)).toString('utf8');
  if (text.length === 0) return undefined;

  const allowed = acceptsForm ? 'application/x-www-form-urlencoded, application/json' : 'application/json';
  const contentType = request.header('content-type');
  if (!contentType) {
    throw new AuthError('UNSUPPORTED_MEDIA_TYPE', { params: { problem: 'is required', allowed } });
  }
  const [essence = ''] = contentType.split(';', 1);
  const mediaType = essence.trim().toLowerCase();
  if (mediaType === 'application/json') {
    try {
      return JSON.parse(text);
    } catch {
      throw new AuthError('BAD_REQUEST');
    }
  }
  if (acceptsForm && mediaType === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  throw new AuthError('UNSUPPORTED_MEDIA_TYPE', {
    params: { problem: `"${mediaType}" is not allowed`, allowed },
  });
}
