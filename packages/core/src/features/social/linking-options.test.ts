import { describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import type { TestClient } from '../../testing/test-server.ts';
import type { GenericOidcOptions } from './providers/provider-options.ts';
import type { AccountOptions } from './social-options.ts';
import { locationOf, type SocialServer, socialSignIn, startSocialServer } from './social-test-kit.ts';

/** Runs `body` against a fresh server with these account options, then closes it. */
async function withServer(
  account: AccountOptions,
  body: (social: SocialServer) => Promise<void>,
  oidc: Partial<GenericOidcOptions> = {},
) {
  const social = await startSocialServer('sqlite', { account }, oidc);
  try {
    await body(social);
  } finally {
    await social.close();
  }
}

async function verifiedLocal(social: SocialServer, email: string, verified = true) {
  const client = social.server.client();
  const { user } = await client.signUp(email);
  if (verified)
    await social.server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', user.id)
      .execute();
  return { client, user };
}

const sessionUser = async (client: TestClient) => (await (await client.get('/get-session')).json())?.user;

describe('account linking options', () => {
  it('requireLocalEmailVerified:false links to an unverified local user (the documented risk)', () =>
    withServer({ accountLinking: { requireLocalEmailVerified: false } }, async (social) => {
      const { user } = await verifiedLocal(social, 'alice@example.test', false);
      const client = social.server.client();
      expect(locationOf(await socialSignIn(client, 'alice'))).toBe(social.server.url);
      expect((await sessionUser(client)).id).toBe(user.id);
    }));

  it('disableImplicitLinking and enabled:false refuse the implicit link', async () => {
    for (const accountLinking of [{ disableImplicitLinking: true }, { enabled: false }]) {
      await withServer({ accountLinking }, async (social) => {
        await verifiedLocal(social, 'alice@example.test');
        const response = await socialSignIn(social.server.client(), 'alice', { errorCallbackURL: '/e' });
        expect(locationOf(response)).toBe('/e?error=account_not_linked');
      });
    }
  });

  it('enabled:false also refuses explicit linking', () =>
    withServer({ accountLinking: { enabled: false } }, async (social) => {
      const { client } = await verifiedLocal(social, 'alice@example.test');
      const response = await socialSignIn(client, 'alice', { errorCallbackURL: '/e' }, '/link-social');
      expect(locationOf(response)).toBe('/e?error=unable_to_link_account');
    }));

  it('allowDifferentEmails links an account whose email differs; updateUserInfoOnLink copies name and image', () =>
    withServer(
      { accountLinking: { allowDifferentEmails: true, updateUserInfoOnLink: true } },
      async (social) => {
        const { client, user } = await verifiedLocal(social, 'someone@example.test');
        const response = await socialSignIn(client, 'alice', { callbackURL: '/account' }, '/link-social');
        expect(locationOf(response)).toBe('/account');
        const row = await social.server.database.db
          .selectFrom('user')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        // Name and image come from the provider; the email never does.
        expect(row).toMatchObject({
          name: 'Alice',
          image: 'https://img.test/a.png',
          email: 'someone@example.test',
        });
      },
    ));

  it('allowUnlinkingAll lets the last account go', () =>
    withServer({ accountLinking: { allowUnlinkingAll: true } }, async (social) => {
      const client = social.server.client();
      await socialSignIn(client, 'alice');
      const [account] = (await (await client.get('/list-accounts')).json()) as { id: string }[];
      expect((await client.post('/unlink-account', { accountId: present(account).id })).status).toBe(200);
      expect(await (await client.get('/list-accounts')).json()).toEqual([]);
    }));

  it('updateAccountOnSignIn:false keeps the first tokens on a returning sign-in', () =>
    withServer({ updateAccountOnSignIn: false }, async (social) => {
      const first = social.server.client();
      await socialSignIn(first, 'alice');
      const db = social.server.database.db;
      const before = await db
        .selectFrom('account')
        .select(['accessToken', 'updatedAt'])
        .executeTakeFirstOrThrow();
      await socialSignIn(social.server.client(), 'alice');
      const after = await db
        .selectFrom('account')
        .select(['accessToken', 'updatedAt'])
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    }));

  it('overrideUserInfoOnSignIn copies the provider’s name and image on every sign-in', () =>
    withServer(
      {},
      async (social) => {
        const first = social.server.client();
        await socialSignIn(first, 'alice');
        present(social.provider.users.alice).name = 'Alice Renamed';
        const client = social.server.client();
        await socialSignIn(client, 'alice');
        expect((await sessionUser(client)).name).toBe('Alice Renamed');
        present(social.provider.users.alice).name = 'Alice';
      },
      { overrideUserInfoOnSignIn: true },
    ));

  it('a provider that later verifies the email marks the local user verified', () =>
    withServer({}, async (social) => {
      const client = social.server.client();
      await socialSignIn(client, 'bob');
      expect((await sessionUser(client)).emailVerified).toBe(false);
      present(social.provider.users.bob).email_verified = true;
      const again = social.server.client();
      await socialSignIn(again, 'bob');
      expect((await sessionUser(again)).emailVerified).toBe(true);
      present(social.provider.users.bob).email_verified = false;
    }));

  it('a new user with an unverified provider email is sent a verification link (sendOnSignUp); a verified one is not', async () => {
    const mailer = new CaptureMailer();
    const social = await startSocialServer('sqlite', { mailer, emailVerification: { sendOnSignUp: true } });
    try {
      const client = social.server.client();
      await socialSignIn(client, 'bob', { callbackURL: '/account' });
      expect(mailer.last('bob@example.test', 'verification').link).toContain('callbackURL=%2Faccount');
      await socialSignIn(social.server.client(), 'alice');
      expect(mailer.sent.map((m) => m.to)).toEqual(['bob@example.test']);
      // The link verifies the social user's address.
      await client.get(mailer.lastPath('bob@example.test', 'verification'));
      expect((await sessionUser(client)).emailVerified).toBe(true);
    } finally {
      await social.close();
    }
  });
});
