/**
 * list-members at scale: an organization of more than 100 members (get-full-organization's most)
 * is paged and searched by the server, with Gatehouse's `search` on name and email (README of this
 * folder; docs/protocol/organization.md#list-members).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import { createOrg, type Person, person, startOrgServer } from '../test-kit.ts';

const MEMBERS = 130;
const pad = (n: number) => String(n).padStart(3, '0');

interface Page {
  total: number;
  members: { id: string; userId: string; role: string; user: { name: string; email: string } }[];
}

describe.each(testDialects())('list-members search and paging at scale (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let organizationId: string;

  /**
   * Users and their memberships straight into the database in two statements (signing up 134
   * people over HTTP would only be slower), each joining a second after the one before.
   */
  async function addPeople(names: { name: string; email: string; role?: string }[], orgId: string) {
    const users = names.map(({ name, email }, index) => {
      server.clock.advance(1);
      const now = new Date(server.clock.now()).toISOString();
      const id = `u${dialect}${orgId.slice(0, 6)}${pad(index)}`.padEnd(32, 'x');
      return { id, name, email, emailVerified: 1, image: null, createdAt: now, updatedAt: now };
    });
    await server.database.db
      .insertInto('user')
      .values(users as never)
      .execute();
    await server.database.db
      .insertInto('member')
      .values(
        users.map((user, index) => ({
          id: `m${user.id.slice(1)}`,
          organizationId: orgId,
          userId: user.id,
          role: names[index]?.role ?? 'member',
          createdAt: user.createdAt,
        })),
      )
      .execute();
  }

  const list = async (query: string, as = owner): Promise<Page> => {
    const response = await as.client.get(
      `/organization/list-members?organizationId=${organizationId}&${query}`,
    );
    expect(response.status, query).toBe(200);
    return (await response.json()) as Page;
  };

  beforeAll(async () => {
    // Above Better Auth's default of 100, so the engine lets one more person join below.
    server = await startOrgServer(dialect, { membershipLimit: 200 });
    owner = await person(server, 'owner');
    organizationId = (await createOrg(owner)).id;
    const people = Array.from({ length: MEMBERS }, (_, index) => ({
      name: `Person ${pad(index + 1)}`,
      email: `person-${pad(index + 1)}@scale.example`,
      role: index % 10 === 0 ? 'admin' : 'member',
    }));
    people.push(
      { name: 'Élodie Ünal', email: 'elodie@scale.example', role: 'member' },
      { name: 'Percent 100%', email: 'percent@scale.example', role: 'member' },
      { name: 'Under_score', email: 'under@scale.example', role: 'member' },
    );
    await addPeople(people, organizationId);
    // Someone of another organization whose name would match: never listed here.
    const other = await createOrg(await person(server, 'elsewhere'));
    await addPeople([{ name: 'Person 001 elsewhere', email: 'person-001@other.example' }], other.id);
  }, 120_000);
  afterAll(() => server.close());

  it('pages through more than 100 members, each once, to the last page', async () => {
    const first = await list('limit=20&offset=0');
    expect(first.total).toBe(MEMBERS + 4);
    expect(first.members).toHaveLength(20);
    const seen = new Set<string>();
    for (let offset = 0; offset < first.total; offset += 20) {
      const page = await list(`limit=20&offset=${offset}`);
      expect(page.total).toBe(MEMBERS + 4);
      for (const member of page.members) seen.add(member.id);
    }
    expect(seen.size).toBe(MEMBERS + 4);
    const last = await list('limit=20&offset=120');
    expect(last.members).toHaveLength(14);
    expect(last.members.at(-1)?.user.name).toBe('Under_score');
    expect(await list('limit=20&offset=200')).toEqual({ total: MEMBERS + 4, members: [] });
  });

  it('counts every match on a page that holds none: past the end, or no rows asked for', async () => {
    // The total rides on the page's rows (member-page.repository.ts), so an empty page counts alone.
    expect(await list('limit=0')).toEqual({ total: MEMBERS + 4, members: [] });
    expect(await list('search=person-07&offset=10')).toEqual({ total: 10, members: [] });
    expect(await list('search=person-07&limit=0')).toEqual({ total: 10, members: [] });
    const adminsPastEnd = await list('filterField=role&filterValue=admin&offset=13');
    expect(adminsPastEnd).toEqual({ total: 13, members: [] });
    expect((await list('filterField=role&filterValue=admin&offset=12')).members).toHaveLength(1);
  });

  it('finds members by a part of the name or email, case aside, and counts only those', async () => {
    const byEmail = await list('search=person-07&limit=5');
    expect(byEmail.total).toBe(10);
    expect(byEmail.members.map((member) => member.user.email)).toEqual(
      ['070', '071', '072', '073', '074'].map((n) => `person-${n}@scale.example`),
    );
    const byName = await list(`search=${encodeURIComponent('PERSON 12')}`);
    expect(byName.members.map((member) => member.user.name)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Person 12${n}`),
    );
    expect((await list('search=%C3%89lodie')).members.map((member) => member.user.email)).toEqual([
      'elodie@scale.example',
    ]);
    expect((await list(`search=${encodeURIComponent('  lodie ')}`)).total).toBe(1);
    const none = await list('search=nobody-here');
    expect(none).toEqual({ total: 0, members: [] });
  });

  it('takes % and _ in the search as themselves, not as patterns', async () => {
    expect((await list(`search=${encodeURIComponent('100%')}`)).members.map((m) => m.user.name)).toEqual([
      'Percent 100%',
    ]);
    expect((await list('search=r_s')).members.map((m) => m.user.name)).toEqual(['Under_score']);
  });

  it('combines the search with Better Auth’s filter and sort, and an empty search lists everyone', async () => {
    const admins = await list('search=person-1&filterField=role&filterValue=admin&sortBy=createdAt');
    expect(admins.members.map((m) => m.user.name)).toEqual(['Person 101', 'Person 111', 'Person 121']);
    const newestFirst = await list('search=person-00&sortBy=createdAt&sortDirection=desc&limit=3');
    expect(newestFirst.members.map((m) => m.user.name)).toEqual(['Person 009', 'Person 008', 'Person 007']);
    expect((await list('search=&limit=1')).total).toBe(MEMBERS + 4);
    expect((await list('search=%20%20&limit=1')).total).toBe(MEMBERS + 4);
  });

  it('refuses a search that is too long, holds a control character or is repeated, and changes nothing', async () => {
    const ask = (search: string) =>
      owner.client.get(`/organization/list-members?organizationId=${organizationId}&${search}`);
    const long = await ask(`search=${'a'.repeat(257)}`);
    const longBody = await long.json();
    expect({ status: long.status, code: longBody.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(longBody.issues).toEqual([
      expect.objectContaining({ path: 'query.search', kind: 'too_long', limit: 256 }),
    ]);
    for (const bad of ['search=a%00b', 'search=a%0Ab', 'search=a&search=b']) {
      expect(await errorOf(await ask(bad)), bad).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid query parameters',
      });
    }
    expect((await list('limit=1')).total).toBe(MEMBERS + 4);
  });

  it('answers only members of the organization, and nobody signed out', async () => {
    const stranger = await person(server, 'stranger');
    expect(
      await errorOf(
        await stranger.client.get(
          `/organization/list-members?organizationId=${organizationId}&search=person`,
        ),
      ),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      message: 'You are not a member of this organization',
    });
    expect(
      await errorOf(
        await server
          .client()
          .get(`/organization/list-members?organizationId=${organizationId}&search=person`),
      ),
    ).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    // A plain member may search as well: membership alone reads the list.
    const plain = await person(server, 'plain');
    await server.auth.api.addMember({ body: { userId: plain.id, role: 'member', organizationId } });
    expect((await list('search=person-130', plain)).members.map((m) => m.user.email)).toEqual([
      'person-130@scale.example',
    ]);
  });
});
