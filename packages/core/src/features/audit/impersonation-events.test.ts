/**
 * Impersonation: its start and stop, and the impersonating admin on every action taken meanwhile —
 * sign-out (which looks up no session of its own), profile and avatar changes, a password change,
 * an organization change, and linking a provider account both from an id token and through the
 * OAuth callback (whose request carries the browser's IP and agent) — read back through the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { pngImage } from '../../testing/test-images.ts';
import type { TestClient } from '../../testing/test-server.ts';
import { type SocialServer, socialSignIn, startSocialServer } from '../social/social-test-kit.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';
const AGENT = 'Impersonation-Probe/1.0';

describe.each(testDialects())('impersonation events (%s)', (dialect) => {
  let social: SocialServer;
  const events = eventReads(dialect);
  let adminId: string;
  let adminEmail: string;
  /** The admin's second browser, never impersonating: reads the admin view throughout. */
  let reader: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.test`;

  beforeAll(async () => {
    social = await startSocialServer(dialect, {
      admin: { enabled: true },
      organization: { enabled: true },
    });
    adminEmail = email('root');
    ({ client: reader, userId: adminId } = await signedInAdmin(social.server, adminEmail));
  });
  afterAll(() => social.close());

  /** A person, and the admin's browser now acting as them. */
  async function impersonating(tag: string) {
    const person = social.server.client();
    const address = email(tag);
    const { user } = await person.signUp(address);
    const admin = social.server.client();
    await admin.signIn(adminEmail);
    expect((await admin.post('/admin/impersonate-user', { userId: user.id })).status).toBe(200);
    return { admin, userId: user.id, address };
  }

  const byActor = (userId: string) => `/admin/events?actorId=${userId}`;
  const meanwhile = (userId: string) => ({
    actor: { type: 'user', id: userId, impersonatorId: adminId },
    ip: '127.0.0.1',
  });

  it('start and stop are the admin’s own events', async () => {
    const { admin, userId } = await impersonating('watched');
    const started = await events.latest(
      reader,
      `/admin/events?targetId=${userId}`,
      'admin.impersonation_started',
    );
    expect(started).toMatchObject({
      actor: { type: 'admin', id: adminId, impersonatorId: null },
      target: { type: 'user', id: userId },
      metadata: { targetUserId: userId },
    });
    expect((await admin.post('/admin/stop-impersonating')).status).toBe(200);
    const stopped = await events.latest(
      reader,
      `/admin/events?targetId=${userId}`,
      'admin.impersonation_stopped',
    );
    expect(stopped).toMatchObject({
      actor: { type: 'admin', id: adminId },
      metadata: { impersonationSessionId: started.metadata.impersonationSessionId },
    });
  });

  it('profile, avatar, password and organization changes carry the admin', async () => {
    const { admin, userId } = await impersonating('acted');
    const headers = { 'user-agent': AGENT };
    expect((await admin.post('/update-user', { name: 'Renamed' }, { headers })).status).toBe(200);
    const renamed = await events.latest(reader, byActor(userId), 'user.profile_updated');
    expect(renamed).toMatchObject({ ...meanwhile(userId), userAgent: AGENT, metadata: { fields: ['name'] } });

    const upload = await fetch(`${social.server.url}/api/auth/avatar`, {
      method: 'POST',
      headers: { cookie: admin.jar.header(), origin: social.server.url, 'content-type': 'image/png' },
      body: pngImage(4, 4),
    });
    expect(upload.status).toBe(200);
    admin.jar.store(upload);
    expect(await events.latest(reader, byActor(userId), 'user.profile_updated')).toMatchObject({
      ...meanwhile(userId),
      metadata: { fields: ['image'], avatar: 'uploaded' },
    });

    const changed = await admin.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a new passphrase for them',
    });
    expect(changed.status).toBe(200);
    expect(await events.latest(reader, byActor(userId), 'user.password_changed')).toMatchObject(
      meanwhile(userId),
    );

    const created = await admin.post('/organization/create', { name: 'Acted', slug: `acted-${counter}` });
    expect(created.status).toBe(200);
    const organizationId = ((await created.json()) as Json).id as string;
    expect(
      await events.latest(
        admin,
        `/organization/events?organizationId=${organizationId}`,
        'organization.created',
      ),
    ).toMatchObject(meanwhile(userId));
  });

  it('linking a provider account, from an id token and through the callback, carries the admin, IP and agent', async () => {
    const { admin, userId, address } = await impersonating('linked');
    social.provider.users[`home-${counter}`] = { email: address, email_verified: true, name: 'Home' };
    social.provider.users[`work-${counter}`] = { email: address, email_verified: true, name: 'Work' };

    const tokens = await social.provider.issueTokens(`home-${counter}`);
    const byToken = await admin.post(
      '/link-social',
      { provider: 'oidc', idToken: { token: tokens.id_token } },
      { headers: { 'user-agent': AGENT } },
    );
    expect(byToken.status).toBe(200);
    expect(await events.latest(reader, byActor(userId), 'account.linked')).toMatchObject({
      ...meanwhile(userId),
      userAgent: AGENT,
      metadata: { provider: 'oidc' },
    });

    const linked = await socialSignIn(admin, `work-${counter}`, { callbackURL: '/account' }, '/link-social');
    expect(linked.status).toBe(302);
    const [viaCallback, viaToken] = await events.all(reader, byActor(userId), 'account.linked', 2);
    expect(viaToken.id < viaCallback.id).toBe(true);
    expect(viaCallback).toMatchObject({
      ...meanwhile(userId),
      userAgent: expect.any(String),
      metadata: { provider: 'oidc' },
    });
  });

  it('signing out: the admin while impersonating, nobody when the person signs themselves out', async () => {
    const { admin, userId, address } = await impersonating('out');
    expect((await admin.post('/sign-out')).status).toBe(200);
    expect(await events.latest(reader, byActor(userId), 'user.signed_out')).toMatchObject({
      ...meanwhile(userId),
      target: { type: 'session' },
    });

    const person = social.server.client();
    await person.signIn(address);
    const sessionId = ((await (await person.get('/get-session')).json()) as Json).session.id;
    expect((await person.post('/sign-out')).status).toBe(200);
    await person.signIn(address);
    expect(await events.latest(person, '/security/events', 'user.signed_out')).toMatchObject({
      actor: { type: 'user', id: userId, impersonatorId: null },
      target: { type: 'session', id: sessionId },
      sessionId,
    });
  });
});

coverageCheck(import.meta.url);
