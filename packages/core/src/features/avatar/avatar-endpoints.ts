import { getAvatar } from './get-avatar.ts';
import { removeAvatar } from './remove-avatar.ts';
import { uploadAvatar } from './upload-avatar.ts';

/** A user's uploaded profile picture: set, remove, and served to anyone (features/avatar/README.md). */
export const avatarEndpoints = [uploadAvatar, removeAvatar, getAvatar] as const;
