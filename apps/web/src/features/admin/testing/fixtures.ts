import type { AdminUser, GatehouseClient } from '@gatehouse/client';

/** Ada as the admin API answers her: a plain user, not banned; `overrides` change any field. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'user-ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    ...overrides,
  };
}

/** A signed-out session for the provider that admin components' cache updates read. */
export const signedOutSessionClient = {
  getSession: async () => null,
  onSessionChange: () => () => {},
} as unknown as GatehouseClient;
