import type { TestServer } from './test-server.ts';

/**
 * What a squatter of an unverified account sets up besides its password: a passkey, a second
 * factor and a GitHub link, written as their features store them. Tests of a take-over (create-admin,
 * a password reset) check that each is gone afterwards.
 */
export async function addSquattedCredentials(server: TestServer, userId: string): Promise<void> {
  const { db } = server.database;
  const now = new Date(server.clock.now()).toISOString();
  await db
    .insertInto('passkey')
    .values({
      id: `pk-${userId}`,
      name: 'squatter key',
      publicKey: 'cHVibGlj',
      userId,
      credentialID: `cred-${userId}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: 0,
      transports: null,
      createdAt: now,
      aaguid: null,
      lastUsedAt: null,
    } as never)
    .execute();
  await db
    .insertInto('twoFactor')
    .values({ id: `tf-${userId}`, secret: 's', backupCodes: 'c', userId, verified: 1 } as never)
    .execute();
  await db
    .updateTable('user')
    .set({ twoFactorEnabled: 1 } as never)
    .where('id', '=', userId)
    .execute();
  await db
    .insertInto('account')
    .values({
      id: `gh-${userId}`,
      accountId: `github-${userId}`,
      providerId: 'github',
      userId,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
