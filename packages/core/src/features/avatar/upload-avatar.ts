import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { asRawBody } from '../../http/read-raw-body.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { saveAvatar } from './avatar.repository.ts';
import { avatarURL } from './avatar-url.ts';
import { AVATAR_TYPES, readImageInfo } from './image-info.ts';

/** 1 MiB: a profile picture, never a photo library. */
export const MAX_AVATAR_BYTES = 1024 * 1024;
/** Per side; larger gains nothing at avatar sizes and costs every browser that decodes it. */
export const MAX_AVATAR_PIXELS = 4096;

/**
 * Sets the caller's avatar from the raw image in the body (`Content-Type: image/png`, …). The bytes
 * must be the declared type by their own headers; the stored picture is then served at a URL that
 * becomes `user.image`.
 */
export const uploadAvatar = defineEndpoint({
  name: 'uploadAvatar',
  method: 'POST',
  path: '/avatar',
  summary: "Upload the caller's avatar",
  description:
    'The body is the raw image (`Content-Type: image/png`, `image/jpeg`, …), checked by its own bytes; the ' +
    'stored picture becomes `user.image`.',
  rawBody: { maxBytes: MAX_AVATAR_BYTES, mediaTypes: AVATAR_TYPES },
  requires: 'session',
  response: z.object({ status: z.literal(true), image: z.string() }),
  errors: [
    'AVATAR_EMPTY',
    'AVATAR_NOT_AN_IMAGE',
    'AVATAR_TOO_LARGE',
    // The user deleted while the picture was stored.
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { bytes, mediaType } = asRawBody(body);
    if (bytes.length === 0) throw new AuthError('AVATAR_EMPTY');
    const info = readImageInfo(bytes);
    if (!info || info.type !== mediaType) {
      throw new AuthError('AVATAR_NOT_AN_IMAGE', {
        params: { type: (mediaType ?? '').replace('image/', '').toUpperCase() },
      });
    }
    if (info.width > MAX_AVATAR_PIXELS || info.height > MAX_AVATAR_PIXELS) {
      throw new AuthError('AVATAR_TOO_LARGE', { params: { max: String(MAX_AVATAR_PIXELS) } });
    }
    const version = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
    const userId = resolved.user.id;
    await saveAvatar(auth.db, {
      userId,
      contentType: info.type,
      data: bytes,
      width: info.width,
      height: info.height,
      version,
      updatedAt: isoNow(auth.options.now()),
    });
    const image = avatarURL(auth, userId, version);
    const user = await updateUserRow(auth, resolved.user, { image });
    reissueSessionCookies(auth, request, resolved.session, user);
    await auth.audit.record(request, {
      type: 'user.profile_updated',
      target: { type: 'user', id: userId },
      metadata: { fields: ['image'], avatar: 'uploaded' },
    });
    return { status: true, image };
  },
});
