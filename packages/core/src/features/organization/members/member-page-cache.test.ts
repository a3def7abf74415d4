/**
 * list-members answers a whole-list page it answered before only while the organization's
 * member-list version is the one it was read at (member-page-cache.ts,
 * features/organization/migrations/0018-member-page-version.ts). Every change below is written straight into the
 * database, as another server or application would: nothing in this process tells the cache.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import { addMember, createOrg, type Person, person, startOrgServer } from '../test-kit.ts';

interface Page {
  total: number;
  members: {
    id: string;
    organizationId: string;
    userId: string;
    role: string;
    user: { id: string; name: string; email: string; image: string | null };
  }[];
}

describe.each(testDialects())('list-members kept pages (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let people: Person[];
  let organizationId: string;

  beforeAll(async () => {
    server = await startOrgServer(dialect);
    owner = await person(server, 'owner');
    organizationId = (await createOrg(owner)).id;
    people = [];
    for (const label of ['ada', 'bob', 'cy']) {
      server.clock.advance(1000);
      const someone = await person(server, label);
      await addMember(server, organizationId, someone, 'member');
      people.push(someone);
    }
  });
  afterAll(() => server.close());

  const list = async (query = ''): Promise<Page> => {
    const response = await owner.client.get(
      `/organization/list-members?organizationId=${organizationId}&${query}`,
    );
    expect(response.status, query).toBe(200);
    return (await response.json()) as Page;
  };
  const db = () => server.database.db;
  const userOf = (page: Page, who: Person) => page.members.find((m) => m.userId === who.id);
  const nth = (n: number) => () => people[n] as Person;
  const [ada, bob, cy] = [nth(0), nth(1), nth(2)];

  it('answers the same page again, and a changed one as soon as anything it shows changes', async () => {
    const first = await list();
    expect(first.total).toBe(4);
    expect(await list()).toEqual(first);

    await db().updateTable('user').set({ name: 'Ada Lovelace' }).where('id', '=', ada().id).execute();
    expect(userOf(await list(), ada())?.user.name).toBe('Ada Lovelace');

    await db()
      .updateTable('user')
      .set({ email: 'bob@elsewhere.example' })
      .where('id', '=', bob().id)
      .execute();
    expect(userOf(await list(), bob())?.user.email).toBe('bob@elsewhere.example');

    await db()
      .updateTable('user')
      .set({ image: 'https://img.example/cy.png' })
      .where('id', '=', cy().id)
      .execute();
    expect(userOf(await list(), cy())?.user.image).toBe('https://img.example/cy.png');

    await db().updateTable('member').set({ role: 'admin' }).where('userId', '=', bob().id).execute();
    expect(userOf(await list(), bob())?.role).toBe('admin');

    await db().deleteFrom('member').where('userId', '=', cy().id).execute();
    const fewer = await list();
    expect(fewer.total).toBe(3);
    expect(userOf(fewer, cy())).toBeUndefined();

    await addMember(server, organizationId, cy(), 'member');
    const again = await list();
    expect(again.total).toBe(4);
    expect(userOf(again, cy())?.role).toBe('member');

    // The whole answer, beside one read with a filter (never kept) that matches everyone.
    const filtered = await list('filterField=organizationId&filterValue=' + organizationId);
    expect(await list()).toEqual(filtered);
  });

  it('keeps each page, sort and size apart', async () => {
    const all = (await list('limit=10')).members.map((m) => m.id);
    expect(all).toHaveLength(4);
    expect((await list('limit=2&offset=1')).members.map((m) => m.id)).toEqual(all.slice(1, 3));
    expect((await list('limit=2&offset=2')).members.map((m) => m.id)).toEqual(all.slice(2, 4));
    expect((await list('limit=10&sortDirection=desc')).members.map((m) => m.id)).toEqual([...all].reverse());
    expect((await list('limit=2&offset=1')).members.map((m) => m.id)).toEqual(all.slice(1, 3));
  });

  it('answers a kept page to members only', async () => {
    await list();
    const stranger = await person(server, 'stranger');
    expect(
      await errorOf(await stranger.client.get(`/organization/list-members?organizationId=${organizationId}`)),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      message: 'You are not a member of this organization',
    });
    await db().deleteFrom('member').where('userId', '=', owner.id).execute();
    expect(
      (await owner.client.get(`/organization/list-members?organizationId=${organizationId}`)).status,
    ).toBe(403);
    await addMember(server, organizationId, owner, 'owner');
  });

  // Last: it stops the rename trigger of this server's database.
  it('really answers a whole-list page from memory, and reads a filtered or searched one each time', async () => {
    const kept = await list();
    // A rename the version does not see, which only a page read from the database can show.
    if (dialect === 'postgres')
      await sql`alter table "user" disable trigger "member_page_user_update"`.execute(db());
    else await sql`drop trigger "member_page_user_update"`.execute(db());
    await db().updateTable('user').set({ name: 'Unseen' }).where('id', '=', ada().id).execute();

    expect(await list()).toEqual(kept);
    const searched = await list(`search=${encodeURIComponent(ada().email)}`);
    expect(searched.members.map((m) => m.user.name)).toEqual(['Unseen']);
    const filtered = await list(`filterField=userId&filterValue=${ada().id}`);
    expect(filtered.members.map((m) => m.user.name)).toEqual(['Unseen']);
    // Any version change (here a role) reads the page again.
    await db().updateTable('member').set({ role: 'admin' }).where('userId', '=', cy().id).execute();
    expect(userOf(await list(), ada())?.user.name).toBe('Unseen');
  });
});
