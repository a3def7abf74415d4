/**
 * Better Auth 1.7's official client with its organizationClient plugin, driving a running
 * Gatehouse server (organizations, teams and custom roles on, as the product ships): the calls an
 * app makes — create, list, set-active, invite (the link arrives in the dev outbox), accept,
 * members, teams, roles and has-permission — must work unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { present } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { organizationClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const PASSWORD = 'correct horse battery staple';
let server: RunningServer;
let baseURL: string;
let dataDir: string;
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;

function browser() {
  const jar = browserFetch(baseURL);
  const client = createAuthClient({
    baseURL,
    plugins: [organizationClient({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } })],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client };
}

async function signedUp(name: string, email = freshEmail(name)) {
  const b = browser();
  const { data, error } = await b.client.signUp.email({ email, password: PASSWORD, name });
  expect(error).toBeNull();
  return { ...b, email, userId: present(data).user.id };
}

/** The invitation link of the newest outbox message to an address. */
async function invitationLink(to: string): Promise<string> {
  const { messages } = (await (await fetch(`${baseURL}/dev/outbox`)).json()) as {
    messages: { to: string; kind: string; link: string }[];
  };
  const found = messages.filter((m) => m.to === to && m.kind === 'invitation').at(-1);
  expect(found).toBeDefined();
  return present(found).link;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-org-client-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-organization-client-compat-secret-0123456789',
      RATE_LIMIT: 'off',
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official organization client against a running Gatehouse server', () => {
  it('create, list, set-active, invite, accept, members, teams, roles and has-permission', async () => {
    const owner = await signedUp('owner');
    const slug = `acme-${Date.now()}`;
    const created = await owner.client.organization.create({ name: 'Acme', slug, metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name: 'Acme', slug, metadata: { plan: 'pro' } });
    const orgId = present(created.data).id;

    const slugCheck = await owner.client.organization.checkSlug({ slug });
    expect(slugCheck.error?.status).toBe(400);
    expect(slugCheck.error?.code).toBe('ORGANIZATION_SLUG_ALREADY_TAKEN');

    const list = await owner.client.organization.list();
    expect(list.data?.map((o) => o.id)).toEqual([orgId]);
    const active = await owner.client.organization.setActive({ organizationId: orgId });
    expect(active.error).toBeNull();
    const session = await owner.client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.session).toMatchObject({ activeOrganizationId: orgId });

    const invitee = await signedUp('invitee');
    const invited = await owner.client.organization.inviteMember({ email: invitee.email, role: 'member' });
    expect(invited.error).toBeNull();
    const link = await invitationLink(invitee.email);
    expect(link).toBe(`${baseURL}/accept-invitation/${present(invited.data).id}`);
    const invitationId = present(link.split('/').at(-1));
    const seen = await invitee.client.organization.getInvitation({ query: { id: invitationId } });
    expect(seen.data).toMatchObject({ organizationName: 'Acme', inviterEmail: owner.email });
    const accepted = await invitee.client.organization.acceptInvitation({ invitationId });
    expect(accepted.error).toBeNull();
    expect(accepted.data?.member).toMatchObject({ userId: invitee.userId, role: 'member' });

    const full = await owner.client.organization.getFullOrganization();
    expect(full.data?.members.map((m) => m.user.email).sort()).toEqual([owner.email, invitee.email].sort());
    const members = await owner.client.organization.listMembers();
    expect(members.data?.total).toBe(2);
    const role = await invitee.client.organization.getActiveMemberRole();
    expect(role.data).toEqual({ role: 'member' });

    const team = await owner.client.organization.createTeam({ name: 'Core' });
    expect(team.error).toBeNull();
    const addTeamMember = await owner.client.organization.addTeamMember({
      teamId: present(team.data).id,
      userId: invitee.userId,
    });
    expect(addTeamMember.error).toBeNull();
    const teams = await owner.client.organization.listTeams();
    expect(teams.data?.map((t) => t.name).sort()).toEqual(['Acme', 'Core']);
    const userTeams = await invitee.client.organization.listUserTeams();
    expect(userTeams.data?.map((t) => t.id)).toEqual([present(team.data).id]);

    const createdRole = await owner.client.organization.createRole({
      role: 'support',
      permission: { invitation: ['create'] },
    });
    expect(createdRole.error).toBeNull();
    const roles = await owner.client.organization.listRoles();
    expect(roles.data?.map((r) => r.role)).toEqual(['support']);

    const denied = await invitee.client.organization.hasPermission({
      permissions: { invitation: ['create'] },
    });
    expect(denied.data).toEqual({ error: null, success: false });
    const promoted = await owner.client.organization.updateMemberRole({
      memberId: present(accepted.data).member.id,
      role: 'support',
    });
    expect(promoted.error).toBeNull();
    const allowed = await invitee.client.organization.hasPermission({
      permissions: { invitation: ['create'] },
    });
    expect(allowed.data).toEqual({ error: null, success: true });

    const refused = await invitee.client.organization.delete({ organizationId: orgId });
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    });
    const left = await invitee.client.organization.leave({ organizationId: orgId });
    expect(left.error).toBeNull();
    const deleted = await owner.client.organization.delete({ organizationId: orgId });
    expect(deleted.error).toBeNull();
    expect((await owner.client.organization.list()).data).toEqual([]);
  });
});
