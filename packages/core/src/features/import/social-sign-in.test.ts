import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { locationOf, type SocialServer, socialSignIn, startSocialServer } from '../social/social-test-kit.ts';
import { importUsers } from './run-import.ts';

/**
 * An imported `(providerId, accountId)` signs its user in through the configured provider, with
 * no link step (docs/protocol/import.md#10-social-sign-in-of-imported-identities-decision): the
 * address the provider sends is not even the user's.
 */
describe.each(testDialects())('social sign-in of an imported identity (%s)', (dialect) => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer(dialect);
  });
  afterAll(() => social.close());

  it('signs in the imported user, creates no other user, and fills the account’s tokens', async () => {
    const { db } = social.server.database;
    const summary = await importUsers(social.server.database, {
      format: 'csv',
      file: 'users.csv',
      content: 'email,name,email_verified,providers\nmoved-in@example.com,Moved In,true,oidc:alice\n',
    });
    expect(summary).toMatchObject({ ok: true, created: 1, accounts: { social: 1 } });
    const imported = await db.selectFrom('account').selectAll().where('providerId', '=', 'oidc').execute();
    expect(imported).toMatchObject([{ accountId: 'alice', accessToken: null, idToken: null, scope: null }]);

    const client = social.server.client();
    const response = await socialSignIn(client, 'alice', {
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe('/dashboard');
    const { user } = await (await client.get('/get-session')).json();
    expect(user).toMatchObject({ email: 'moved-in@example.com', name: 'Moved In' });
    expect(await db.selectFrom('user').select('email').execute()).toEqual([
      { email: 'moved-in@example.com' },
    ]);
    const [account, ...others] = await db
      .selectFrom('account')
      .selectAll()
      .where('providerId', '=', 'oidc')
      .execute();
    expect(others).toEqual([]);
    expect(account).toMatchObject({ id: imported[0]?.id, userId: user.id, accountId: 'alice' });
    expect(account?.accessToken).toEqual(expect.any(String));
    expect(account?.idToken?.split('.')).toHaveLength(3);
  });
});
