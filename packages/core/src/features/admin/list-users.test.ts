import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ADMIN_USER_KEYS, signedInUser, startAdminServer } from './test-kit.ts';

interface Person {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  role: string;
  banned: boolean;
  emailVerified: boolean;
}

const COUNT = 300;
const DOMAINS = ['alpha.example', 'beta.example', 'gamma.example'];
const pad = (i: number) => String(i).padStart(3, '0');

/** The 300 listed users: every field follows i, so every expected answer is computed below. */
function people(start: number): Person[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    id: `listed${pad(i)}`,
    name: i % 5 === 0 ? `Ada ${pad(i)}` : `Member ${pad(i)}`,
    email: `member${pad(i)}@${DOMAINS[i % 3]}`,
    createdAt: new Date(start + i * 1000).toISOString(),
    role: i % 4 === 0 ? 'editor' : 'user',
    banned: i % 6 === 0,
    emailVerified: i % 2 === 0,
  }));
}

const ids = (list: Person[]) => list.map((person) => person.id);
const byKey = (key: keyof Person) => (a: Person, b: Person) =>
  a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id < b.id ? -1 : 1;

describe.each(testDialects())('list-users over 300 users (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  /** Everyone stored, the admin included, oldest first. */
  let everyone: Person[];
  beforeAll(async () => {
    server = await startAdminServer(dialect);
    const listed = people(server.clock.now() - 400_000);
    await server.database.db.transaction().execute((trx) =>
      trx
        .insertInto('user')
        .values(
          listed.map((p) => ({
            id: p.id,
            name: p.name,
            email: p.email,
            emailVerified: p.emailVerified ? 1 : 0,
            image: null,
            createdAt: p.createdAt,
            updatedAt: p.createdAt,
            role: p.role,
            banned: p.banned ? 1 : 0,
            banReason: null,
            banExpires: null,
          })) as never,
        )
        .execute(),
    );
    const seeded = await signedInUser(server, {
      role: 'admin',
      name: 'Zed Admin',
      email: 'zz-admin@admin.test',
    });
    admin = seeded.client;
    const createdAt = new Date(server.clock.now()).toISOString();
    const { id, email } = seeded;
    everyone = [
      ...listed,
      { id, email, name: 'Zed Admin', createdAt, role: 'admin', banned: false, emailVerified: false },
    ];
  });
  afterAll(() => server.close());

  async function list(query: string) {
    const response = await admin.get(`/admin/list-users?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      users: Record<string, unknown>[];
      total: number;
      limit?: number;
      offset?: number;
    };
  }
  const listedIds = (body: { users: Record<string, unknown>[] }) => body.users.map((user) => user.id);

  it('without paging answers the first 100 by creation and the total of all, without limit or offset', async () => {
    const body = await list('');
    expect(Object.keys(body)).toEqual(['users', 'total']);
    expect([body.users.length, body.total]).toEqual([100, 301]);
    expect(listedIds(body)).toEqual(ids(everyone.slice(0, 100)));
    expect(Object.keys(present(body.users[0]))).toEqual(ADMIN_USER_KEYS);
    expect(body.users[0]).toEqual({
      id: 'listed000',
      name: 'Ada 000',
      email: 'member000@alpha.example',
      emailVerified: true,
      image: null,
      createdAt: present(everyone[0]).createdAt,
      updatedAt: present(everyone[0]).createdAt,
      role: 'editor',
      banned: true,
      banReason: null,
      banExpires: null,
    });
  });

  it('limit and offset page through; total ignores paging; both are echoed only when given and non-zero', async () => {
    const page = await list('limit=50&offset=100');
    expect(page).toMatchObject({ total: 301, limit: 50, offset: 100 });
    expect(listedIds(page)).toEqual(ids(everyone.slice(100, 150)));

    const first = await list('limit=10&offset=0');
    expect([Object.keys(first), first.limit, first.users.length]).toEqual([
      ['users', 'total', 'limit'],
      10,
      10,
    ]);
    const zero = await list('limit=0');
    expect([Object.keys(zero), zero.users.length]).toEqual([['users', 'total'], 100]);
    const tail = await list('offset=295');
    expect([Object.keys(tail), tail.offset, listedIds(tail)]).toEqual([
      ['users', 'total', 'offset'],
      295,
      ids(everyone.slice(295)),
    ]);

    const seen: unknown[] = [];
    for (let offset = 0; offset < 301; offset += 64) {
      const body = await list(`limit=64&offset=${offset}`);
      expect(body.total).toBe(301);
      seen.push(...listedIds(body));
    }
    expect(seen).toEqual(ids(everyone));
  });

  const search: [string, string, (p: Person) => boolean][] = [
    [
      'searchValue=ALPHA',
      'email contains, by default and case-insensitively',
      (p) => p.email.includes('alpha'),
    ],
    [
      'searchField=email&searchOperator=contains&searchValue=beta',
      'email contains',
      (p) => p.email.includes('beta'),
    ],
    [
      'searchField=email&searchOperator=starts_with&searchValue=MEMBER01',
      'email starts_with',
      (p) => p.email.startsWith('member01'),
    ],
    [
      'searchField=email&searchOperator=ends_with&searchValue=%40Gamma.Example',
      'email ends_with',
      (p) => p.email.endsWith('@gamma.example'),
    ],
    ['searchField=name&searchValue=aDa', 'name contains', (p) => p.name.toLowerCase().includes('ada')],
    [
      'searchField=name&searchOperator=starts_with&searchValue=member%202',
      'name starts_with',
      (p) => p.name.startsWith('Member 2'),
    ],
    [
      'searchField=name&searchOperator=ends_with&searchValue=7',
      'name ends_with',
      (p) => p.name.endsWith('7'),
    ],
    ['searchValue=%25', 'a literal %, not a wildcard', (p) => p.email.includes('%')],
    ['searchValue=_', 'a literal _, not a wildcard', (p) => p.email.includes('_')],
    ['searchField=name&searchValue=', 'an empty searchValue (no search)', () => true],
  ];
  it.each(search)('search %s (%s) answers exactly the matching users', async (query, _, matches) => {
    const body = await list(`${query}&limit=1000`);
    const expected = everyone.filter(matches);
    expect([body.total, listedIds(body)]).toEqual([expected.length, ids(expected)]);
  });

  const filters: [string, (p: Person) => boolean][] = [
    ['filterField=role&filterValue=editor', (p) => p.role === 'editor'],
    ['filterField=role&filterOperator=eq&filterValue=admin', (p) => p.role === 'admin'],
    ['filterField=role&filterOperator=ne&filterValue=editor', (p) => p.role !== 'editor'],
    ['filterField=banned&filterValue=true', (p) => p.banned],
    ['filterField=banned&filterValue=false', (p) => !p.banned],
    ['filterField=banned&filterOperator=ne&filterValue=true', (p) => !p.banned],
    ['filterField=emailVerified&filterValue=true', (p) => p.emailVerified],
    ['filterField=emailVerified&filterValue=false', (p) => !p.emailVerified],
    ['filterValue=member005%40gamma.example', (p) => p.email === 'member005@gamma.example'],
    ['filterField=name&filterOperator=contains&filterValue=Member%2029', (p) => p.name.includes('Member 29')],
    [
      'filterField=emailVerified&filterValue=true&searchValue=beta',
      (p) => p.emailVerified && p.email.includes('beta'),
    ],
  ];
  it.each(filters)('filter %s answers exactly the matching users', async (query, matches) => {
    const body = await list(`${query}&limit=1000`);
    const expected = everyone.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect([body.total, listedIds(body)]).toEqual([expected.length, ids(expected)]);
  });

  it('paging applies after the filter, and total counts the filter only', async () => {
    const expected = everyone.filter((p) => p.banned);
    const body = await list('filterField=banned&filterValue=true&limit=7&offset=14');
    expect([body.total, listedIds(body)]).toEqual([expected.length, ids(expected.slice(14, 21))]);
  });

  it('a search of three characters or more pages with the total of its matches, past the end too', async () => {
    // Such searches count their matches in the page's own query (admin-users.repository.ts).
    const expected = everyone.filter((p) => p.email.includes('beta'));
    expect(expected.length).toBeGreaterThan(10);
    const middle = await list('searchValue=beta&limit=5&offset=5');
    expect([middle.total, listedIds(middle)]).toEqual([expected.length, ids(expected.slice(5, 10))]);
    const past = await list(`searchValue=beta&limit=5&offset=${expected.length + 5}`);
    expect([past.total, listedIds(past)]).toEqual([expected.length, []]);
    const none = await list('searchValue=no-such-address');
    expect([none.total, listedIds(none)]).toEqual([0, []]);
    const one = await list('searchValue=beta&limit=1');
    expect(one.users).toHaveLength(1);
    expect(Object.keys(one.users[0] ?? {})).not.toContain('gatehouse_match_count');
  });

  it.each(['name', 'email', 'createdAt'] as const)('sorts by %s, ascending and descending', async (key) => {
    const ascending = [...everyone].sort(byKey(key));
    const asc = await list(`sortBy=${key}&limit=1000`);
    const explicit = await list(`sortBy=${key}&sortDirection=asc&limit=1000`);
    const desc = await list(`sortBy=${key}&sortDirection=desc&limit=1000`);
    expect(listedIds(asc)).toEqual(ids(ascending));
    expect(listedIds(explicit)).toEqual(ids(ascending));
    expect(listedIds(desc)).toEqual(ids(ascending).reverse());
    expect(listedIds(await list(`sortBy=${key}&sortDirection=desc&limit=5&offset=3`))).toEqual(
      ids(ascending).reverse().slice(3, 8),
    );
  });

  it('finds a name with a capital outside ASCII when typed as stored', async () => {
    await server.database.db
      .updateTable('user')
      .set({ name: 'Élodie Ñúñez' })
      .where('id', '=', 'listed001')
      .execute();
    try {
      const contains = await list(`searchField=name&searchValue=${encodeURIComponent('Élodie')}`);
      const endsWith = await list(
        `searchField=name&searchOperator=ends_with&searchValue=${encodeURIComponent('Ñúñez')}`,
      );
      expect([listedIds(contains), listedIds(endsWith)]).toEqual([['listed001'], ['listed001']]);
    } finally {
      await server.database.db
        .updateTable('user')
        .set({ name: 'Member 001' })
        .where('id', '=', 'listed001')
        .execute();
    }
  });

  it.each([
    'limit=-1',
    'limit=abc',
    'limit=1.5',
    'limit=1001',
    'offset=-5',
    'sortBy=password',
    'sortDirection=up',
    'searchField=role',
    'searchOperator=regex',
    'filterField=password',
    'filterOperator=gt',
    `searchValue=${'s'.repeat(257)}`,
  ])('%s answers 400 VALIDATION_ERROR', async (query) => {
    expect(await errorOf(await admin.get(`/admin/list-users?${query}`))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid query parameters',
    });
  });

  it('answers 401 without a session', async () => {
    expect(await errorOf(await server.client().get('/admin/list-users'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });
});
