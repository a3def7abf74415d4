import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import { enrolled } from '../../two-factor/test-kit.ts';
import {
  addMember,
  createOrg,
  json,
  orgSnapshot,
  type Person,
  person,
  sessionActive,
  startOrgServer,
} from '../test-kit.ts';

const REQUIRED = {
  status: 403,
  code: 'TWO_FACTOR_REQUIRED_BY_ORGANIZATION',
  message: 'This organization requires two-factor authentication: turn it on to continue',
};

/** A person with two-factor on, as the organization kit's `Person`. */
async function enrolledPerson(server: TestServer): Promise<Person> {
  const { client, email, userId } = await enrolled(server);
  return { id: userId, email, client };
}

const requireTwoFactor = (who: Person, organizationId: string, on: boolean) =>
  who.client.post('/organization/update', { organizationId, data: { requireTwoFactor: on } });

describe.each(testDialects())('organization two-factor policy (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startOrgServer(dialect, {}, { twoFactor: { enabled: true } });
  });
  afterAll(() => server.close());

  it('is off for a new organization and shown on every organization answer', async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    expect(org).toMatchObject({ requireTwoFactor: false });
    const read = await json(
      await owner.client.get(`/organization/get-organization?organizationId=${org.id}`),
    );
    expect(read.requireTwoFactor).toBe(false);
  });

  it('cannot be turned on by an owner without two-factor, and nothing changes', async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const before = await orgSnapshot(server);
    expect(await errorOf(await requireTwoFactor(owner, org.id, true))).toEqual({
      status: 400,
      code: 'TWO_FACTOR_NOT_ENABLED',
      message: "Two factor isn't enabled",
    });
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('refuses bad values and callers without the update permission, changing nothing', async () => {
    const owner = await enrolledPerson(server);
    const org = await createOrg(owner);
    const member = await enrolledPerson(server);
    await addMember(server, org.id, member, 'member');
    const before = await orgSnapshot(server);
    for (const value of ['yes', 1, null, {}]) {
      const response = await owner.client.post('/organization/update', {
        organizationId: org.id,
        data: { requireTwoFactor: value },
      });
      expect(await errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await errorOf(await requireTwoFactor(member, org.id, true))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
    });
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('once on, refuses a member without two-factor everywhere inside, but lets them leave', async () => {
    const owner = await enrolledPerson(server);
    const org = await createOrg(owner);
    const compliant = await enrolledPerson(server);
    const lax = await person(server, 'lax');
    const leaver = await person(server, 'leaver');
    await addMember(server, org.id, compliant, 'member');
    await addMember(server, org.id, lax, 'admin');
    await addMember(server, org.id, leaver, 'member');

    const turnedOn = await requireTwoFactor(owner, org.id, true);
    expect(turnedOn.status).toBe(200);
    expect(await json(turnedOn)).toMatchObject({ id: org.id, requireTwoFactor: true });

    const inside = [
      () => lax.client.get(`/organization/get-full-organization?organizationId=${org.id}`),
      () => lax.client.get(`/organization/get-organization?organizationId=${org.id}`),
      () => lax.client.get(`/organization/list-members?organizationId=${org.id}`),
      () => lax.client.get(`/organization/list-invitations?organizationId=${org.id}`),
      () =>
        lax.client.post('/organization/has-permission', {
          organizationId: org.id,
          permissions: { member: ['create'] },
        }),
      () =>
        lax.client.post('/organization/invite-member', {
          organizationId: org.id,
          email: 'x@example.com',
          role: 'member',
        }),
      () => lax.client.post('/organization/set-active', { organizationId: org.id }),
    ];
    const before = await orgSnapshot(server);
    const activeBefore = (await sessionActive(lax.client)).activeOrganizationId;
    for (const call of inside) expect(await errorOf(await call())).toEqual(REQUIRED);
    // The organization and the membership are read together (load-organization.ts); the answer
    // still names what is missing first: someone outside is refused as an outsider, not for the
    // policy, and an unknown organization is not found.
    const outsider = await person(server, 'outsider');
    const full = (who: Person, id: string) =>
      who.client.get(`/organization/get-full-organization?organizationId=${id}`);
    expect(await errorOf(await full(outsider, org.id))).toMatchObject({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    expect(await errorOf(await full(lax, 'no-such-org'))).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_NOT_FOUND',
    });
    expect(await orgSnapshot(server)).toBe(before);
    expect((await sessionActive(lax.client)).activeOrganizationId).toBe(activeBefore);

    // Members who comply, and the owner, carry on.
    const members = await compliant.client.get(`/organization/list-members?organizationId=${org.id}`);
    expect(members.status).toBe(200);
    expect((await compliant.client.post('/organization/set-active', { organizationId: org.id })).status).toBe(
      200,
    );

    // Leaving is never blocked: the policy must not trap anyone in an organization.
    const left = await leaver.client.post('/organization/leave', { organizationId: org.id });
    expect(left.status).toBe(200);

    // Their own organization list still names it, so the app can say why it is closed.
    const listed = await json(await lax.client.get('/organization/list'));
    expect(listed.map((o: { id: string }) => o.id)).toContain(org.id);

    // Turned off again, the member is let back in.
    expect((await requireTwoFactor(owner, org.id, false)).status).toBe(200);
    expect((await lax.client.get(`/organization/list-members?organizationId=${org.id}`)).status).toBe(200);
  });
});

describe('organization two-factor policy without the two-factor feature', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startOrgServer('sqlite');
  });
  afterAll(() => server.close());

  it('cannot be turned on, and a policy left in the database by an earlier configuration is ignored', async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    expect(await errorOf(await requireTwoFactor(owner, org.id, true))).toMatchObject({
      status: 400,
      code: 'TWO_FACTOR_NOT_ENABLED',
    });
    await server.database.db
      .updateTable('organization')
      .set({ requireTwoFactor: 1 })
      .where('id', '=', org.id)
      .execute();
    expect((await owner.client.get(`/organization/list-members?organizationId=${org.id}`)).status).toBe(200);
  });
});
