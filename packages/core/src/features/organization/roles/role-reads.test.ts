import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../../create-auth.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import type { AuthDatabase } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';
import { TEST_SECRET } from '../../../testing/test-server.ts';
import { insertMember } from '../members/member.repository.ts';

/** Counts the statements that read the stored roles, as the database sees them. */
function countRoleReads() {
  const counter = { count: 0 };
  const reads = (node: RootOperationNode) =>
    node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"name":"organizationRole"');
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (reads(args.node)) counter.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

const BASE_URL = 'http://localhost:3000';

describe.each(testDialects())('stored roles are read once per request (%s)', (dialect) => {
  let database: AuthDatabase;
  let auth: Auth;
  const { counter: roleReads, plugin } = countRoleReads();
  let organizationId: string;
  let admin: { headers: Record<string, string> };

  async function signUp(email: string) {
    const response = await auth.api.signUpEmail.asResponse({
      body: { name: 'Role Reader', email, password: 'correct horse battery' },
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { user } = (await response.json()) as { user: { id: string } };
    // A browser sends its Origin with cookie-carrying POSTs; the origin check wants it.
    return { headers: { cookie, origin: BASE_URL }, userId: user.id };
  }

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    auth = createAuth({
      secret: TEST_SECRET,
      baseURL: BASE_URL,
      database: {
        ...database,
        db: database.db.withPlugin(plugin),
        // On PostgreSQL the roles of a permission check are read straight from the driver (role.repository.ts).
        selectAll: (sql, parameters) => {
          if (sql.includes('"organizationRole"')) roleReads.count += 1;
          return database.selectAll(sql, parameters);
        },
      },
      rateLimit: { enabled: false },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
    });
    const owner = await signUp('owner@example.com');
    const created = (await auth.api.createOrganization({
      headers: owner.headers,
      body: { name: 'Acme', slug: 'acme' },
    })) as { id: string };
    organizationId = created.id;
    await auth.api.createOrgRole({
      headers: owner.headers,
      body: { role: 'editor', permission: { member: ['update'] }, organizationId },
    });
    // Below the creator role every check runs: permission, role names and the grant rule.
    const signedUp = await signUp('admin@example.com');
    await insertMember(database.db, {
      id: 'admin-member-of-acme',
      organizationId,
      userId: signedUp.userId,
      role: 'admin',
      createdAt: new Date().toISOString(),
    });
    admin = signedUp;
  });
  afterAll(() => database.close());

  it('invite-member checks permission, role names and grants on one read', async () => {
    roleReads.count = 0;
    const response = await auth.api.createInvitation.asResponse({
      headers: admin.headers,
      body: { email: 'invitee@example.com', role: 'editor', organizationId },
    });
    expect(response.status).toBe(200);
    expect(roleReads.count).toBe(1);
  });
});
