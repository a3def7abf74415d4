import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { deleteAvatar } from './avatar.repository.ts';
import { avatarPathPrefix } from './avatar-url.ts';

/**
 * Removes the caller's uploaded avatar and, when `user.image` points at it, clears the image. An
 * image URL set some other way (update-user, a social provider) is left as it is. Answers the same
 * whether or not there was one, so a repeated click is harmless.
 */
export const removeAvatar = defineEndpoint({
  name: 'removeAvatar',
  method: 'POST',
  path: '/avatar/remove',
  summary: "Remove the caller's uploaded avatar",
  description:
    'Clears `user.image` when it points at the upload; an image URL set otherwise stays. Answers the same ' +
    'whether or not there was one.',
  requires: 'session',
  response: statusJson,
  errors: ['USER_NOT_FOUND'],
  async handler({ auth, request, session: resolved }) {
    const deleted = await deleteAvatar(auth.db, resolved.user.id);
    const own = `${avatarPathPrefix(auth)}${encodeURIComponent(resolved.user.id)}?`;
    const cleared = resolved.user.image?.startsWith(own) === true;
    if (cleared) {
      const user = await updateUserRow(auth, resolved.user, { image: null });
      reissueSessionCookies(auth, request, resolved.session, user);
    }
    // A repeated click changes nothing and records nothing.
    if (deleted || cleared) {
      await auth.audit.record(request, {
        type: 'user.profile_updated',
        target: { type: 'user', id: resolved.user.id },
        metadata: { fields: ['image'], avatar: 'removed' },
      });
    }
    return { status: true };
  },
});
