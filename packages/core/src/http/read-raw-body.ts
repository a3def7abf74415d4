import { AuthError } from '../errors.ts';
import type { Incoming } from './incoming.ts';

/** An endpoint's body taken as bytes, with the media type it was declared as (lower-cased, no parameters). */
export interface RawBody {
  bytes: Uint8Array;
  mediaType: string | null;
}

/** For an endpoint that takes a file rather than JSON: which types it accepts, and how many bytes at most. */
export interface RawBodyOptions {
  maxBytes: number;
  mediaTypes: readonly string[];
}

/**
 * Reads a POST body as bytes for an endpoint declaring `rawBody`. Its own limit replaces the JSON
 * one (http/read-body.ts): refused at once when the declared length is over it, and again while
 * streaming, so a body without (or lying about) Content-Length cannot get past it either.
 */
export async function readRawBody(request: Incoming, options: RawBodyOptions): Promise<RawBody> {
  const declared = Number(request.header('content-length') ?? '0');
  if (declared > options.maxBytes) throw new AuthError('PAYLOAD_TOO_LARGE');
  const contentType = request.header('content-type');
  const mediaType = contentType ? (contentType.split(';', 1)[0] ?? '').trim().toLowerCase() : null;
  if (!mediaType || !options.mediaTypes.includes(mediaType)) {
    request.discardBody();
    throw new AuthError('UNSUPPORTED_MEDIA_TYPE', {
      params: {
        problem: mediaType ? `"${mediaType}" is not allowed` : 'is required',
        allowed: options.mediaTypes.join(', '),
      },
    });
  }
  return { bytes: new Uint8Array(await request.readBytes(options.maxBytes)), mediaType };
}

/** The body a `rawBody` endpoint's handler receives (its declared body type cannot say so). */
export function asRawBody(body: unknown): RawBody {
  if (typeof body === 'object' && body !== null && 'bytes' in body && body.bytes instanceof Uint8Array) {
    return body as RawBody;
  }
  throw new Error('The endpoint reads a raw body but declares no rawBody option');
}
