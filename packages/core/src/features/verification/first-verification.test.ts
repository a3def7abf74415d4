import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

/**
 * An address becoming verified ends every session made before, all but the verifying person's own
 * (packages/core/src/features/password-reset/README.md): someone who registered the address first
 * must not keep a session that gains what a verified address grants.
 */
describe.each(testDialects())('the first verification of an address (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      mailer,
      admin: { enabled: true, adminEmails: ['boss@corp.example'] },
      organization: { enabled: true, requireEmailVerificationOnInvitation: true },
      session: { cookieCache: { enabled: true, maxAge: 300 } },
    });
  });
  afterAll(() => server.close());

  const sessionOf = async (client: TestClient) => (await client.get('/get-session')).json();
  const sessionsOf = (userId: string) =>
    server.database.db.selectFrom('session').select('token').where('userId', '=', userId).execute();
  /** The owner asks for a link without being signed in and opens it in their own browser. */
  const ownerVerifies = async (email: string, owner = server.client()) => {
    expect((await owner.post('/send-verification-email', { email })).status).toBe(200);
    const opened = await owner.get(mailer.lastPath(email));
    expect(opened.status).toBe(302);
  };

  it("a squatter's session ends when the owner verifies, cookie cache included: no admin by ADMIN_EMAILS", async () => {
    const squatter = server.client();
    const { user } = await squatter.signUp('boss@corp.example');
    // Unverified, the listed address grants nothing; the answer is now in the cookie cache.
    expect((await squatter.get('/admin/list-users')).status).toBe(403);
    expect((await sessionOf(squatter)).user.emailVerified).toBe(false);

    await ownerVerifies('boss@corp.example');

    expect(await sessionOf(squatter)).toBeNull();
    expect((await squatter.get('/admin/list-users')).status).toBe(401);
    expect(await sessionsOf(user.id)).toEqual([]);
    // The owner, signed in after the proof, is the bootstrap admin.
    const owner = server.client();
    await owner.signIn('boss@corp.example');
    expect((await owner.get('/admin/list-users')).status).toBe(200);
  });

  it('the person opening the link keeps their session; their other devices sign in again', async () => {
    const laptop = server.client();
    const { user } = await laptop.signUp('two-devices@example.com');
    const phone = server.client();
    await phone.signIn('two-devices@example.com');
    expect((await sessionOf(phone)).user.id).toBe(user.id);

    expect((await laptop.post('/send-verification-email', { email: 'two-devices@example.com' })).status).toBe(
      200,
    );
    expect((await laptop.get(mailer.lastPath('two-devices@example.com'))).status).toBe(302);

    expect((await sessionOf(laptop)).user).toMatchObject({ id: user.id, emailVerified: true });
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // Verifying again is no first verification: nothing more ends.
    await phone.signIn('two-devices@example.com');
    expect((await laptop.get(mailer.lastPath('two-devices@example.com'))).status).toBe(302);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });

  it("a squatter's session cannot answer an invitation to the address once the owner verified it", async () => {
    const inviter = server.client();
    await inviter.signUp('inviter@example.com');
    const org = await (
      await inviter.post('/organization/create', { name: 'Corp', slug: `corp-${dialect}` })
    ).json();
    expect(org.id).toEqual(expect.any(String));
    const invitation = await (
      await inviter.post('/organization/invite-member', { email: 'cfo@corp.example', role: 'member' })
    ).json();
    const squatter = server.client();
    await squatter.signUp('cfo@corp.example');
    const accept = () => squatter.post('/organization/accept-invitation', { invitationId: invitation.id });
    expect(await errorOf(await accept())).toMatchObject({
      status: 403,
      code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
    });

    await ownerVerifies('cfo@corp.example');
    // Past the cookie cache's age, a session that survived would read the verified user and accept.
    server.clock.advance(301);

    expect((await accept()).status).toBe(401);
    const stored = await server.database.db
      .selectFrom('invitation')
      .select('status')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
  });

  it("an admin marking an address verified ends that user's sessions, and not the admin's own", async () => {
    const admin = server.client();
    const { user: adminUser } = await admin.signUp('admin-marks@example.com');
    await server.database.db
      .updateTable('user')
      .set({ role: 'admin' } as never)
      .where('id', '=', adminUser.id)
      .execute();
    const member = server.client();
    const { user } = await member.signUp('marked@example.com');
    expect((await sessionOf(member)).user.id).toBe(user.id);

    const updated = await admin.post('/admin/update-user', {
      userId: user.id,
      data: { emailVerified: true },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).emailVerified).toBe(true);

    expect(await sessionOf(member)).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await sessionOf(admin)).user.id).toBe(adminUser.id);
  });
});
