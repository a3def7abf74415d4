import type { AuthContext } from '../../context.ts';

/**
 * Where an uploaded avatar is served, and so what `user.image` holds while one is set. The version
 * (a hash of the bytes) makes the URL change with the picture, so it can be cached for good.
 */
export function avatarURL(auth: AuthContext, userId: string, version: string): string {
  return `${avatarPathPrefix(auth)}${encodeURIComponent(userId)}?v=${version}`;
}

/** The part before the user id: tells an uploaded avatar's URL from any other image URL. */
export function avatarPathPrefix(auth: AuthContext): string {
  return `${auth.options.baseURL}${auth.options.basePath}/avatar/`;
}
