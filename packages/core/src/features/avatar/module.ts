import { alwaysOn, defineFeature } from '../feature-module.ts';
import { avatarEndpoints } from './avatar-endpoints.ts';
import { avatarTable } from './migrations/0011-avatars.ts';

export const avatarModule = defineFeature({
  name: 'avatar',
  api: {
    name: 'Avatar',
    description: "A user's uploaded profile picture: set, removed, and served to anyone.",
  },
  config: alwaysOn,
  migrations: { '0011-avatars': avatarTable },
  endpoints: () => avatarEndpoints,
});
