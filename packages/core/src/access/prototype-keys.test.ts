/**
 * Names that every plain object inherits (`constructor`, `toString`, `__proto__`, …), sent where a request
 * names a resource, an action or a role, or stored as a role: they are ordinary unknown names, never a way
 * into Object.prototype (a 500, or a grant). Both has-permission routes, admin's and the organization's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../features/admin/test-kit.ts';
import { addMember, createOrg, json, type Person, person } from '../features/organization/test-kit.ts';
import { queryToObject } from '../http/validate.ts';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const INHERITED = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', '__defineGetter__'];

/** Raw JSON, so `__proto__` arrives as an own key of the parsed body, as an attacker would send it. */
const post = (who: Person, path: string, body: string) =>
  who.client.post(path, undefined, { raw: body, headers: { 'content-type': 'application/json' } });

describe.each(testDialects())('inherited object names in permission checks (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let orgId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      organization: { enabled: true, dynamicAccessControl: { enabled: true } },
    });
    owner = await person(server, 'owner');
    orgId = (await createOrg(owner)).id;
  });
  afterAll(() => server.close());

  /** A signed-in user whose stored admin role is `role`. */
  async function withAdminRole(role: string): Promise<Person> {
    const { id, email } = await seedUser(server, { role });
    const client = server.client();
    await client.signIn(email);
    return { id, email, client };
  }

  it.each(INHERITED)(
    'admin has-permission: resource, action and role named %s answer success: false',
    async (name) => {
      const admin = await withAdminRole('admin');
      for (const permissions of [`{"${name}":["x"]}`, `{"user":["${name}"]}`, `{"${name}":["${name}"]}`]) {
        const response = await post(admin, '/admin/has-permission', `{"permissions":${permissions}}`);
        expect([permissions, response.status, await response.json()]).toEqual([
          permissions,
          200,
          { error: null, success: false },
        ]);
      }
      const holder = await withAdminRole(name);
      for (const permissions of ['{"user":["list"]}', `{"${name}":["x"]}`, '{"call":["x"]}']) {
        const response = await post(holder, '/admin/has-permission', `{"permissions":${permissions}}`);
        expect([permissions, response.status, await response.json()]).toEqual([
          permissions,
          200,
          { error: null, success: false },
        ]);
      }
      expect((await holder.client.get('/admin/list-users')).status).toBe(403);
    },
  );

  it.each(INHERITED)(
    'organization has-permission: resource, action and role named %s answer success: false',
    async (name) => {
      const ask = async (who: Person, permissions: string) => {
        const response = await post(
          who,
          '/organization/has-permission',
          `{"organizationId":"${orgId}","permissions":${permissions}}`,
        );
        return [permissions, response.status, await response.json()];
      };
      for (const permissions of [`{"${name}":["x"]}`, `{"ac":["${name}"]}`, `{"${name}":["${name}"]}`]) {
        expect(await ask(owner, permissions)).toEqual([permissions, 200, { error: null, success: false }]);
      }
      const holder = await person(server, 'holder');
      await addMember(server, orgId, holder, name);
      for (const permissions of ['{"ac":["read"]}', `{"${name}":["x"]}`, '{"call":["x"]}']) {
        expect(await ask(holder, permissions)).toEqual([permissions, 200, { error: null, success: false }]);
      }
    },
  );

  it('query parameters named like inherited keys are plain parameters, checked like any other', async () => {
    const query = INHERITED.map((name) => `${name}=a&${name}=b`).join('&');
    expect(queryToObject(new URLSearchParams(`${query}&limit=1`))).toEqual({
      ...Object.fromEntries(
        INHERITED.filter((name) => name !== '__proto__').map((name) => [name, ['a', 'b']]),
      ),
      limit: '1',
    });
    const admin = await withAdminRole('admin');
    expect((await admin.client.get(`/admin/list-users?${query}&limit=1`)).status).toBe(200);
    const refused = await admin.client.get(`/admin/list-users?${query}&limit=x`);
    expect([refused.status, (await refused.json()).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('a custom role named like an inherited key grants what it holds, and no more', async () => {
    for (const name of ['constructor', '__proto__']) {
      const created = await owner.client.post('/organization/create-role', {
        organizationId: orgId,
        role: name,
        permission: { team: ['create'] },
      });
      expect(created.status).toBe(200);
      const holder = await person(server, 'custom');
      await addMember(server, orgId, holder, name);
      const ask = async (permissions: Record<string, string[]>) =>
        (
          await json(
            await holder.client.post('/organization/has-permission', { organizationId: orgId, permissions }),
          )
        ).success;
      expect([name, await ask({ team: ['create'] })]).toEqual([name, true]);
      expect([name, await ask({ team: ['delete'] })]).toEqual([name, false]);
      expect([name, await ask({ ac: ['read'] })]).toEqual([name, false]);
    }
  });
});
