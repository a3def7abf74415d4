// @vitest-environment happy-dom
import { GatehouseError, type OrganizationRole, type Permissions } from '@gatehouse/client';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { OrganizationLayout } from '../layout/organization-layout.tsx';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { MembersPage } from './members-page.tsx';

// The HTTP client is mocked: under test is which controls each role gets on screen and what a
// change sends. The server's own permission checks are tested with the engine.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetFull: vi.fn(),
    organizationListRoles: vi.fn(),
    organizationHasPermission: vi.fn(),
    organizationUpdateMemberRole: vi.fn(),
    organizationSetActive: vi.fn(),
    organizationListMemberTeams: vi.fn(),
    organizationListMembers: vi.fn(),
    organizationGetActiveMember: vi.fn(),
  },
}));

const getFull = vi.mocked(authClient.organizationGetFull);
const listRoles = vi.mocked(authClient.organizationListRoles);
const hasPermission = vi.mocked(authClient.organizationHasPermission);
const updateRole = vi.mocked(authClient.organizationUpdateMemberRole);
const listMemberTeams = vi.mocked(authClient.organizationListMemberTeams);
const listMembers = vi.mocked(authClient.organizationListMembers);
const getActiveMember = vi.mocked(authClient.organizationGetActiveMember);

/**
 * list-members as the server answers it, over the members get-full-organization was set to give:
 * searched by name or email, filtered by role, paged.
 */
beforeEach(() => {
  listMembers.mockReset();
  listMembers.mockImplementation(async (query = {}) => {
    const organization = await getFull({ organizationId: ORG_ID });
    const search = (query.search ?? '').toLowerCase();
    const found = (organization?.members ?? [])
      .filter((each) => `${each.user.name}\n${each.user.email}`.toLowerCase().includes(search))
      .filter((each) => query.filterField !== 'role' || each.role.includes(String(query.filterValue)));
    const offset = query.offset ?? 0;
    return { total: found.length, members: found.slice(offset, offset + (query.limit ?? 100)) };
  });
});

const OWNER = member('olga', 'owner', 'Olga');
const ADMIN = member('adam', 'admin', 'Adam');
const PLAIN = member('mia', 'member', 'Mia');

/** The server's grants for roles it is asked about: role name → `resource:action` pairs. */
let grants: Record<string, string[]>;
/** The role of the person signed in, whose permissions the mocked server answers about. */
let currentRole = 'member';

function signedInAs(me: ReturnType<typeof member>) {
  return renderRoutes(
    [
      {
        path: '/organization',
        element: <OrganizationLayout />,
        children: [{ path: '/organization/members', element: <MembersPage /> }],
      },
    ],
    '/organization/members',
    sessionFor(me.user, ORG_ID),
  );
}

function customRole(role: string, permission: Permissions): OrganizationRole {
  return { id: `role-${role}`, organizationId: ORG_ID, role, permission, createdAt: '', updatedAt: null };
}

// Searches wait for typing to pause; on a loaded machine the answer can take longer than the
// library's default 1 s wait, so these waits are longer (they end as soon as the text shows).
configure({ asyncUtilTimeout: 10_000 });

describe('MembersPage permission gating', () => {
  beforeEach(() => {
    grants = {
      member: ['ac:read'],
    };
    for (const mock of [getFull, listRoles, hasPermission, updateRole]) mock.mockReset();
    getFull.mockResolvedValue(fullOrganization([OWNER, ADMIN, PLAIN]));
    listRoles.mockResolvedValue([]);
    // Answers as the server would for the signed-in person's role.
    hasPermission.mockImplementation(async ({ permissions }) => {
      const [resource, actions] = Object.entries(permissions)[0] as [string, string[]];
      return { error: null, success: (grants[currentRole] ?? []).includes(`${resource}:${actions[0]}`) };
    });
  });
  afterEach(cleanup);

  it('a plain member sees roles as text only: no role pickers, no removal, no invite button', async () => {
    currentRole = 'member';
    signedInAs(PLAIN);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Owner')).toBeTruthy();
    await waitFor(() => expect(listRoles).toHaveBeenCalled());
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite member…' })).toBeNull();
    // A default role no stored role extends is decided from the spec's table, without asking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hasPermission).not.toHaveBeenCalled();
  });

  it('an admin may change and remove members, but not touch the owner nor give the owner role', async () => {
    currentRole = 'admin';
    signedInAs(ADMIN);
    const ownerSelect = (await screen.findByRole('combobox', { name: 'Role of Olga' })) as HTMLSelectElement;
    expect(ownerSelect.disabled).toBe(true);
    const miaSelect = screen.getByRole('combobox', { name: 'Role of Mia' }) as HTMLSelectElement;
    expect(miaSelect.disabled).toBe(false);
    expect(within(miaSelect).queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(within(miaSelect).getByRole('option', { name: 'Admin' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Olga' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove Mia' }) as HTMLButtonElement).disabled).toBe(false);
    // Oneself is left from Settings, not removed here.
    expect(screen.queryByRole('button', { name: 'Remove Adam' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite member…' })).toBeTruthy();
  });

  it('an owner may give the owner role, and a change sends the member, role and organization', async () => {
    currentRole = 'owner';
    updateRole.mockResolvedValue({ ...PLAIN, role: 'admin' });
    const { user } = signedInAs(OWNER);
    const miaSelect = await screen.findByRole('combobox', { name: 'Role of Mia' });
    expect(within(miaSelect).getByRole('option', { name: 'Owner' })).toBeTruthy();
    await user.selectOptions(miaSelect, 'admin');
    // Nothing changes until the change is confirmed.
    expect(updateRole).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(updateRole).toHaveBeenCalledWith({ memberId: PLAIN.id, role: 'admin', organizationId: ORG_ID }),
    );
  });

  it("the only owner's role cannot be changed, and says why; with a second owner it can", async () => {
    currentRole = 'owner';
    signedInAs(OWNER);
    const ownSelect = (await screen.findByRole('combobox', { name: 'Role of Olga' })) as HTMLSelectElement;
    expect(ownSelect.disabled).toBe(true);
    expect(ownSelect.title).toBe('The organization needs an owner: make someone else an owner first.');
    cleanup();
    const SECOND = member('otto', 'owner', 'Otto');
    getFull.mockResolvedValue(fullOrganization([OWNER, SECOND, PLAIN]));
    signedInAs(OWNER);
    const again = (await screen.findByRole('combobox', { name: 'Role of Olga' })) as HTMLSelectElement;
    expect(again.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Remove Otto' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a custom role is decided by the server alone: nothing shows until it answers', async () => {
    const SUPPORT = member('sam', 'support', 'Sam');
    getFull.mockResolvedValue(fullOrganization([OWNER, SUPPORT]));
    listRoles.mockResolvedValue([customRole('support', { invitation: ['create'] })]);
    grants.support = ['invitation:create'];
    currentRole = 'support';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = hasPermission.getMockImplementation();
    if (!answer) throw new Error('has-permission is not mocked, so there is nothing to hold back');
    hasPermission.mockImplementation(async (input) => {
      await gate;
      return answer(input);
    });
    signedInAs(SUPPORT);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Invite member…' })).toBeNull();
    release();
    await screen.findByRole('button', { name: 'Invite member…' });
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(hasPermission).toHaveBeenCalledWith(
      { organizationId: ORG_ID, permissions: { invitation: ['create'] } },
      expect.anything(),
    );
  });

  it('a default role the organization extended is asked of the server too', async () => {
    listRoles.mockResolvedValue([customRole('member', { invitation: ['create'] })]);
    grants.member = ['ac:read', 'invitation:create'];
    currentRole = 'member';
    signedInAs(PLAIN);
    await screen.findByRole('button', { name: 'Invite member…' });
  });

  it('hides Teams when teams are off and Roles when custom roles are off (404)', async () => {
    currentRole = 'member';
    getFull.mockResolvedValue(fullOrganization([OWNER, PLAIN], { teams: undefined }));
    listRoles.mockRejectedValue(new GatehouseError(404, 'HTTP_404', ''));
    signedInAs(PLAIN);
    const nav = await screen.findByRole('navigation', { name: 'Organization' });
    await waitFor(() => expect(listRoles).toHaveBeenCalled());
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Roles' })).toBeNull());
    expect(within(nav).queryByRole('link', { name: 'Teams' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Members' })).toBeTruthy();
  });

  it('shows Teams and Roles when the server offers them', async () => {
    currentRole = 'member';
    signedInAs(PLAIN);
    const nav = await screen.findByRole('navigation', { name: 'Organization' });
    await within(nav).findByRole('link', { name: 'Roles' });
    expect(within(nav).getByRole('link', { name: 'Teams' })).toBeTruthy();
  });

  it('an organization that no longer has you says so and offers the way back to the personal space', async () => {
    getFull.mockRejectedValue(
      new GatehouseError(
        403,
        'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        'User is not a member of the organization',
      ),
    );
    vi.mocked(authClient.organizationSetActive).mockResolvedValue(null);
    const { user } = signedInAs(PLAIN);
    expect((await screen.findByRole('alert')).textContent).toMatch(/not a member of this organization/);
    await user.click(screen.getByRole('button', { name: 'Back to personal' }));
    await waitFor(() =>
      expect(authClient.organizationSetActive).toHaveBeenCalledWith({ organizationId: null }),
    );
  });
});

describe('MembersPage at scale', () => {
  beforeEach(() => {
    grants = { member: ['ac:read'] };
    currentRole = 'owner';
    for (const mock of [getFull, listRoles, hasPermission, updateRole, getActiveMember]) mock.mockReset();
    const crowd = Array.from({ length: 45 }, (_, index) => member(`p${index}`, 'member', `Person ${index}`));
    getFull.mockResolvedValue(fullOrganization([OWNER, ...crowd]));
    listRoles.mockResolvedValue([]);
    hasPermission.mockImplementation(async () => ({ error: null, success: true }));
  });
  afterEach(cleanup);

  it('asks the server for 20 members a page, shows the total and pages through it', async () => {
    const { user } = signedInAs(OWNER);
    expect(await screen.findByText('1–20 of 46')).toBeTruthy();
    expect(screen.getByText('46 members')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toBeTruthy();
    expect(listMembers).toHaveBeenCalledWith(
      { organizationId: ORG_ID, limit: 20, offset: 0, sortBy: 'createdAt', sortDirection: 'asc' },
      expect.anything(),
    );
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('21–40 of 46')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('41–46 of 46')).toBeTruthy();
    expect(listMembers).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 40 }), expect.anything());
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches on the server once typing pauses, from the first page, and says when none match', async () => {
    const { user } = signedInAs(OWNER);
    await screen.findByText('1–20 of 46');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('21–40 of 46');
    // Keys typed without pauses between them (delay: null), as a person types faster than the
    // debounce: a loaded machine must not turn each key into a pause of its own.
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByLabelText('Search members'), 'person 4');
    // Person 4 and Person 40–44: one page, back at its start, so no pages are offered.
    expect(await screen.findByText('6 members match “person 4”')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(7);
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).toBeNull();
    // One request for the whole word, not one per key.
    const searches = listMembers.mock.calls.map(([query]) => query?.search).filter(Boolean);
    expect(searches).toEqual(['person 4']);
    expect(listMembers).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: 'person 4', offset: 0 }),
      expect.anything(),
    );

    await typist.clear(screen.getByLabelText('Search members'));
    await typist.type(screen.getByLabelText('Search members'), 'nobody');
    expect(await screen.findByText('No member matches “nobody”.')).toBeTruthy();
  });

  it('decides whether an owner is the last one from the server’s list of owners', async () => {
    signedInAs(OWNER);
    const own = (await screen.findByRole('combobox', { name: 'Role of Olga' })) as HTMLSelectElement;
    await waitFor(() =>
      expect(own.title).toBe('The organization needs an owner: make someone else an owner first.'),
    );
    expect(listMembers).toHaveBeenCalledWith(
      {
        organizationId: ORG_ID,
        limit: 100,
        filterField: 'role',
        filterOperator: 'contains',
        filterValue: 'owner',
      },
      expect.anything(),
    );
  });

  it('a member who joined after the first 100 is read on their own, not taken for gone', async () => {
    currentRole = 'member';
    // get-full-organization lists 100 members at most: Mia is not among them.
    getActiveMember.mockResolvedValue(PLAIN);
    signedInAs(PLAIN);
    await screen.findByRole('heading', { name: 'Acme', level: 1 });
    await screen.findByText('1–20 of 46');
    expect(getActiveMember).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('MembersPage teams column', () => {
  const TEAMS = [
    { id: 'team-core', name: 'Core', organizationId: ORG_ID, createdAt: '', updatedAt: null },
    { id: 'team-docs', name: 'Docs', organizationId: ORG_ID, createdAt: '', updatedAt: null },
  ];
  beforeEach(() => {
    grants = { member: ['ac:read'] };
    for (const mock of [getFull, listRoles, hasPermission, updateRole, listMemberTeams]) mock.mockReset();
    listRoles.mockResolvedValue([]);
    hasPermission.mockImplementation(async () => ({ error: null, success: true }));
    listMemberTeams.mockResolvedValue({
      teams: { [PLAIN.userId]: ['team-core', 'team-docs'], [ADMIN.userId]: ['team-docs'] },
    });
  });
  afterEach(cleanup);

  it('shows each member’s teams by name, read once for the whole organization', async () => {
    currentRole = 'owner';
    getFull.mockResolvedValue(fullOrganization([OWNER, ADMIN, PLAIN], { teams: TEAMS as never }));
    signedInAs(OWNER);
    expect(await screen.findByRole('columnheader', { name: 'Teams' })).toBeTruthy();
    const row = (name: string) =>
      within(screen.getByText(name, { selector: 'div' }).closest('tr') as HTMLElement);
    await waitFor(() => expect(row('Mia').getByText('Core, Docs')).toBeTruthy());
    expect(row('Adam').getByText('Docs')).toBeTruthy();
    expect(row('Olga').getByText('None')).toBeTruthy();
    expect(listMemberTeams).toHaveBeenCalledTimes(1);
    expect(listMemberTeams).toHaveBeenCalledWith({ organizationId: ORG_ID }, expect.anything());
  });

  it('says so when the read fails', async () => {
    currentRole = 'owner';
    listMemberTeams.mockRejectedValue(new GatehouseError(500, 'INTERNAL_SERVER_ERROR', 'boom'));
    getFull.mockResolvedValue(fullOrganization([OWNER, PLAIN], { teams: TEAMS as never }));
    signedInAs(OWNER);
    expect((await screen.findAllByText('Could not load')).length).toBe(2);
  });

  it('has no column when teams are off, nor for a member who may not see others’ teams', async () => {
    currentRole = 'owner';
    getFull.mockResolvedValue(fullOrganization([OWNER, PLAIN], { teams: undefined }));
    signedInAs(OWNER);
    await screen.findByRole('table');
    expect(screen.queryByRole('columnheader', { name: 'Teams' })).toBeNull();
    cleanup();
    currentRole = 'member';
    getFull.mockResolvedValue(fullOrganization([OWNER, PLAIN], { teams: TEAMS as never }));
    signedInAs(PLAIN);
    await screen.findByRole('table');
    expect(screen.queryByRole('columnheader', { name: 'Teams' })).toBeNull();
    expect(listMemberTeams).not.toHaveBeenCalled();
  });
});
