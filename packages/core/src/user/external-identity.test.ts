import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { testRequest } from '../testing/test-request.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  type ExternalProfile,
  IdentityRefusal,
  type IdentitySource,
  linkOrCreateUser,
} from './external-identity.ts';

/**
 * The identity source here is not social sign-in: a stand-in for an SSO connection, so the step is
 * shown to hold no provider's rules of its own. The social flows prove it through their routes.
 */
const PROVIDER = 'sso:acme';

let sequence = 0;
const fresh = (label: string) => {
  sequence += 1;
  return { accountId: `${label}-${sequence}`, email: `${label}-${sequence}@acme.test` };
};

const sso = (overrides: Partial<IdentitySource> = {}): IdentitySource => ({
  providerId: PROVIDER,
  method: 'sso',
  trusted: false,
  allowSignUp: true,
  overrideUserInfo: false,
  account: { idToken: 'id-token-1', scope: 'openid,email' },
  ...overrides,
});

const profileOf = (
  who: { accountId: string; email: string },
  user: Partial<ExternalProfile['user']> = {},
): ExternalProfile => ({
  accountId: who.accountId,
  user: { name: 'Ada Acme', email: who.email, emailVerified: true, image: null, ...user },
});

describe.each(testDialects())('linkOrCreateUser, for any identity source (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { emailVerification: { sendOnSignUp: false } });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const resolve = (source: IdentitySource, profile: ExternalProfile) =>
    linkOrCreateUser(server.context, testRequest(server, '/sso/callback'), source, profile);
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof IdentityRefusal ? error.reason : error),
    );
  const accountsOf = (userId: string) =>
    db()
      .selectFrom('account')
      .select(['providerId', 'accountId', 'idToken', 'scope', 'password'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
  const eventsOf = async (userId: string) =>
    (
      await db()
        .selectFrom('auditEvent')
        .select(['type', 'outcome', 'actorId', 'metadata'])
        .where('targetId', '=', userId)
        .orderBy('id')
        .execute()
    ).map((event) => ({ ...event, metadata: event.metadata && JSON.parse(event.metadata) }));
  const localUser = async (email: string, verified: boolean) => {
    const { user } = await server.client().signUp(email);
    if (verified)
      await db().updateTable('user').set({ emailVerified: 1 }).where('id', '=', user.id).execute();
    return user as { id: string };
  };
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes a new user with the account, recorded as user.signed_up with the source as method', async () => {
    const who = fresh('new');
    const { user, isNew } = await resolve(sso(), profileOf(who));
    expect(isNew).toBe(true);
    expect(user).toMatchObject({ email: who.email, name: 'Ada Acme', emailVerified: true });
    expect(await accountsOf(user.id)).toEqual([
      {
        providerId: PROVIDER,
        accountId: who.accountId,
        idToken: 'id-token-1',
        scope: 'openid,email',
        password: null,
      },
    ]);
    expect(await eventsOf(user.id)).toEqual([
      {
        type: 'user.signed_up',
        outcome: 'success',
        actorId: user.id,
        metadata: { method: 'sso', provider: PROVIDER },
      },
    ]);
  });

  it('finds the user of a known identity again, whatever address the profile now gives', async () => {
    const who = fresh('known');
    const first = await resolve(sso(), profileOf(who));
    const again = await resolve(
      sso({ account: { idToken: 'id-token-2', scope: null } }),
      profileOf(who, { email: 'moved@acme.test' }),
    );
    expect(again.isNew).toBe(false);
    expect(again.user.id).toBe(first.user.id);
    expect(again.user.email).toBe(who.email);
    // The tokens follow the latest sign-in (updateAccountOnSignIn's default); the scope stays.
    expect(await accountsOf(first.user.id)).toMatchObject([{ idToken: 'id-token-2', scope: 'openid,email' }]);
    expect((await eventsOf(first.user.id)).map((event) => event.type)).toEqual(['user.signed_up']);
  });

  it('links to the user with the same verified address when the source vouches for it: account.linked, implicit', async () => {
    const who = fresh('linked');
    const local = await localUser(who.email, true);
    const { user, isNew } = await resolve(sso(), profileOf(who, { email: who.email.toUpperCase() }));
    expect(isNew).toBe(false);
    expect(user.id).toBe(local.id);
    expect((await accountsOf(local.id)).map((a) => a.providerId)).toEqual(['credential', PROVIDER]);
    expect((await eventsOf(local.id)).filter((event) => event.type === 'account.linked')).toEqual([
      {
        type: 'account.linked',
        outcome: 'success',
        actorId: local.id,
        metadata: { provider: PROVIDER, implicit: true },
      },
    ]);
  });

  it('refuses the implicit link when nobody proved the address, unless the source is trusted', async () => {
    const unproven = fresh('unproven');
    const local = await localUser(unproven.email, true);
    const unverified = profileOf(unproven, { emailVerified: false });
    expect(await refusalOf(resolve(sso(), unverified))).toBe('not_linked');
    expect((await accountsOf(local.id)).map((a) => a.providerId)).toEqual(['credential']);
    const trusted = await resolve(sso({ trusted: true }), unverified);
    expect(trusted.user.id).toBe(local.id);

    // The local address must have been proven too: else whoever registered it first would get the link.
    const squatted = fresh('squatted');
    const squatter = await localUser(squatted.email, false);
    expect(await refusalOf(resolve(sso({ trusted: true }), profileOf(squatted)))).toBe('not_linked');
    expect((await accountsOf(squatter.id)).map((a) => a.providerId)).toEqual(['credential']);
    expect((await eventsOf(squatter.id)).map((event) => event.type)).not.toContain('account.linked');
  });

  it('refuses a new user when the source allows no sign-up, writing nothing', async () => {
    const who = fresh('refused');
    const before = await userCount();
    expect(await refusalOf(resolve(sso({ allowSignUp: false }), profileOf(who)))).toBe('sign_up_refused');
    expect(await userCount()).toBe(before);
    const accounts = await db()
      .selectFrom('account')
      .select('id')
      .where('accountId', '=', who.accountId)
      .execute();
    expect(accounts).toEqual([]);
    // A known identity still signs in with sign-up off: the switch is about new users only.
    const known = fresh('known-no-sign-up');
    const { user } = await resolve(sso(), profileOf(known));
    expect((await resolve(sso({ allowSignUp: false }), profileOf(known))).user.id).toBe(user.id);
  });

  it('takes the profile over at each sign-in when the source says so', async () => {
    const who = fresh('override');
    const { user } = await resolve(sso(), profileOf(who));
    const again = await resolve(
      sso({ overrideUserInfo: true }),
      profileOf(who, { name: 'Ada Renamed', image: 'https://acme.test/ada.png' }),
    );
    expect(again.user).toMatchObject({
      id: user.id,
      name: 'Ada Renamed',
      image: 'https://acme.test/ada.png',
    });
  });
});
