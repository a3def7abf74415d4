import { alwaysOn, defineFeature } from '../feature-module.ts';
import { avatarEndpoints } from './avatar-endpoints.ts';

export const avatarModule = defineFeature({
  name: 'avatar',
  api: {
    name: 'Avatar',
    description: "A user's uploaded profile picture: set, removed, and served to anyone.",
  },
  config: alwaysOn,
  endpoints: () => avatarEndpoints,
});
