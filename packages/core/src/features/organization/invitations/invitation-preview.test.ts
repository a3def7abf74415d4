import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../../testing/capture-mailer.ts';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import {
  createOrg,
  freshEmail,
  json,
  orgSnapshot,
  type Person,
  person,
  startOrgServer,
} from '../test-kit.ts';

const NOT_FOUND = { status: 400, code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' };

describe.each(testDialects())('invitation preview for a person not signed in (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let org: { id: string };
  beforeAll(async () => {
    server = await startOrgServer(dialect, {}, { mailer: new CaptureMailer() });
    owner = await person(server, 'Olivia');
    org = await createOrg(owner, { name: 'Acme Robotics', logo: 'https://example.com/acme.png' });
  });
  afterAll(() => server.close());

  async function invite(
    email = freshEmail('invitee'),
    role = 'admin',
  ): Promise<{ id: string; email: string }> {
    const response = await owner.client.post('/organization/invite-member', {
      organizationId: org.id,
      email,
      role,
    });
    expect(response.status).toBe(200);
    return await json(response);
  }

  const preview = (id: string) =>
    server.client().get(`/organization/invitation-preview?id=${encodeURIComponent(id)}`);

  it('names the organization, its logo, the inviter, the role and the invited address, and nothing more', async () => {
    const invitation = await invite();
    const response = await preview(invitation.id);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      id: invitation.id,
      email: invitation.email,
      role: 'admin',
      expiresAt: new Date(server.clock.now() + 172_800_000).toISOString(),
      organizationName: 'Acme Robotics',
      organizationLogo: 'https://example.com/acme.png',
      inviterName: 'Olivia',
    });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers INVITATION_NOT_FOUND for unknown, cancelled, answered and expired invitations alike', async () => {
    const cancelled = await invite();
    await owner.client.post('/organization/cancel-invitation', { invitationId: cancelled.id });
    const invitee = await person(server, 'invitee');
    const declined = await invite(invitee.email);
    await invitee.client.post('/organization/reject-invitation', { invitationId: declined.id });
    const expired = await invite();
    const unknown = 'x'.repeat(32);
    expect(await errorOf(await preview(unknown))).toEqual(NOT_FOUND);
    expect(await errorOf(await preview(cancelled.id))).toEqual(NOT_FOUND);
    expect(await errorOf(await preview(declined.id))).toEqual(NOT_FOUND);
    server.clock.advance(172_801);
    expect(await errorOf(await preview(expired.id))).toEqual(NOT_FOUND);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await orgSnapshot(server);
    const missing = await server.client().get('/organization/invitation-preview');
    expect(await errorOf(missing)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    for (const id of ['', 'a'.repeat(10_000), 'bad\u0000id']) {
      expect((await preview(id)).status).toBe(400);
    }
    expect((await server.client().post('/organization/invitation-preview', { id: 'x' })).status).toBe(404);
    expect(await orgSnapshot(server)).toBe(before);
  });
});
