import type { ApiFeature } from '../../http/endpoint.ts';
import { getAvatar } from './get-avatar.ts';
import { removeAvatar } from './remove-avatar.ts';
import { uploadAvatar } from './upload-avatar.ts';

/** A user's uploaded profile picture: set, remove, and served to anyone (features/avatar/README.md). */
export const avatarEndpoints = [uploadAvatar, removeAvatar, getAvatar] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const avatarFeature: ApiFeature = {
  name: 'Avatar',
  description: "A user's uploaded profile picture: set, removed, and served to anyone.",
};
