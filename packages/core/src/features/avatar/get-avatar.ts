import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findAvatar } from './avatar.repository.ts';
import { AVATAR_TYPES } from './image-info.ts';

/**
 * Headers that keep a stored image an image: the type it was checked to be, no sniffing into
 * anything else, and a policy under which even a document opened directly can run nothing.
 */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  // An avatar is shown on other sites of the deployment (the app, third-party apps' pages).
  'cross-origin-resource-policy': 'cross-origin',
};

/** A year, as for any content-addressed file: a new picture has a new `?v=`. */
const VERSIONED = 'public, max-age=31536000, immutable';
/** Without the current version the URL's picture may change: revalidate with the ETag. */
const UNVERSIONED = 'public, max-age=0, must-revalidate';

/** Serves a user's uploaded avatar to anyone: it is shown wherever the user appears. */
export const getAvatar = defineEndpoint({
  name: 'getAvatar',
  method: 'GET',
  path: '/avatar/:userId',
  summary: "A user's uploaded avatar, to anyone",
  description: 'Answers the image with an `ETag`; a matching `If-None-Match` gets 304.',
  requires: 'none',
  errors: ['AVATAR_NOT_FOUND'],
  file: { mediaTypes: AVATAR_TYPES, etag: true },
  async handler({ auth, request, params }) {
    const avatar = await findAvatar(auth.db, params.userId ?? '');
    if (!avatar) throw new AuthError('AVATAR_NOT_FOUND');
    const etag = `"${avatar.version}"`;
    const headers = {
      ...IMAGE_HEADERS,
      etag,
      'cache-control': request.url.searchParams.get('v') === avatar.version ? VERSIONED : UNVERSIONED,
    };
    if (request.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(avatar.data), {
      status: 200,
      headers: {
        ...headers,
        'content-type': avatar.contentType,
        'content-length': String(avatar.data.length),
      },
    });
  },
});
