/**
 * Every organization route against signed-out callers and bad input: malformed JSON, a body of the
 * wrong type, wrong field types, oversized values and missing fields all answer a clear 4xx and
 * change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { createOrg, orgSnapshot, type Person, person, startOrgServer } from './test-kit.ts';

const LONG = 'x'.repeat(5000);

/** POST routes: a body missing its required fields, and one with a wrong type or oversized value. */
const POSTS: [path: string, missing: Record<string, unknown>, wrong: Record<string, unknown>][] = [
  ['/organization/create', { name: 'A' }, { name: LONG, slug: 's' }],
  ['/organization/update', {}, { data: { name: 5 } }],
  ['/organization/delete', {}, { organizationId: LONG }],
  ['/organization/check-slug', {}, { slug: ['a'] }],
  ['/organization/set-active', { organizationSlug: '' }, { organizationId: 5 }],
  ['/organization/invite-member', { email: 'a@example.com' }, { email: 'a@example.com', role: { x: 1 } }],
  ['/organization/accept-invitation', {}, { invitationId: 7 }],
  ['/organization/reject-invitation', {}, { invitationId: LONG }],
  ['/organization/cancel-invitation', {}, { invitationId: null }],
  ['/organization/remove-member', {}, { memberIdOrEmail: LONG }],
  ['/organization/update-member-role', { memberId: 'm' }, { memberId: 'm', role: 3 }],
  ['/organization/leave', {}, { organizationId: true }],
  ['/organization/create-team', {}, { name: LONG }],
  ['/organization/update-team', { teamId: 't' }, { teamId: 't', data: { name: 5 } }],
  ['/organization/remove-team', {}, { teamId: [] }],
  ['/organization/set-active-team', { teamId: '' }, { teamId: 5 }],
  ['/organization/add-team-member', { teamId: 't' }, { teamId: 't', userId: LONG }],
  ['/organization/remove-team-member', { userId: 'u' }, { teamId: 't', userId: 9 }],
  ['/organization/create-role', { role: 'r' }, { role: 'r', permission: { ac: 'read' } }],
  ['/organization/delete-role', {}, { roleName: 5 }],
  ['/organization/update-role', { roleName: 'r' }, { roleName: 'r', data: { permission: [] } }],
  ['/organization/has-permission', {}, { permissions: { ac: [1] } }],
];

/** GET routes with a required or typed query value. */
const GETS: [path: string, bad: string][] = [
  ['/organization/get-invitation', ''],
  ['/organization/get-full-organization', '?membersLimit=many'],
  ['/organization/list-members', '?limit=-1'],
  ['/organization/list-members', '?filterOperator=like'],
  ['/organization/get-role', ''],
  ['/organization/get-organization', `?organizationId=${LONG}`],
];

/** A well-formed body per POST route, so a signed-out call reaches the session check. */
const VALID: Record<string, Record<string, unknown>> = {
  '/organization/create': { name: 'A', slug: 'a' },
  '/organization/update': { data: { name: 'A' } },
  '/organization/delete': { organizationId: 'x' },
  '/organization/check-slug': { slug: 'a' },
  '/organization/set-active': { organizationId: 'x' },
  '/organization/invite-member': { email: 'a@example.com', role: 'member' },
  '/organization/accept-invitation': { invitationId: 'x' },
  '/organization/reject-invitation': { invitationId: 'x' },
  '/organization/cancel-invitation': { invitationId: 'x' },
  '/organization/remove-member': { memberIdOrEmail: 'x' },
  '/organization/update-member-role': { memberId: 'x', role: 'member' },
  '/organization/leave': { organizationId: 'x' },
  '/organization/create-team': { name: 'T' },
  '/organization/update-team': { teamId: 't', data: { name: 'T' } },
  '/organization/remove-team': { teamId: 't' },
  '/organization/set-active-team': { teamId: 't' },
  '/organization/add-team-member': { teamId: 't', userId: 'u' },
  '/organization/remove-team-member': { teamId: 't', userId: 'u' },
  '/organization/create-role': { role: 'r', permission: { ac: ['read'] } },
  '/organization/delete-role': { roleName: 'r' },
  '/organization/update-role': { roleName: 'r', data: {} },
  '/organization/has-permission': { permissions: { ac: ['read'] } },
};

/** Every route with what a signed-out caller gets. */
const SIGNED_OUT: [method: 'GET' | 'POST', path: string, status: number, code: string][] = [
  ...POSTS.map(([path]) => ['POST', path, 401, 'UNAUTHORIZED'] as ['POST', string, number, string]),
  ['GET', '/organization/list', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-full-organization', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-organization', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-invitation?id=x', 401, 'NOT_AUTHENTICATED'],
  ['GET', '/organization/list-invitations', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/list-user-invitations', 400, 'MISSING_SESSION_OR_EMAIL'],
  ['GET', '/organization/list-members', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-active-member', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-active-member-role', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/list-teams', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/list-user-teams', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/list-team-members', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/list-roles', 401, 'UNAUTHORIZED'],
  ['GET', '/organization/get-role?roleName=x', 401, 'UNAUTHORIZED'],
];

describe.each(testDialects())('organization routes: signed out and bad input (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    owner = await person(server, 'owner');
    await createOrg(owner);
  });
  afterAll(() => server.close());

  it.each(SIGNED_OUT)('%s %s signed out answers %i %s', async (method, path, status, code) => {
    const response = await server.client().request(method, path, method === 'POST' ? VALID[path] : undefined);
    const error = await errorOf(response);
    expect({ status: error.status, code: error.code }).toEqual({ status, code });
  });

  it.each(POSTS)('POST %s refuses bad bodies with 400 and writes nothing', async (path, missing, wrong) => {
    const before = await orgSnapshot(server);
    const malformed = await owner.client.post(path, undefined, {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(await owner.client.post(path, ['not', 'an', 'object']))).code).toBe(
      'VALIDATION_ERROR',
    );
    const missingAnswer = await owner.client.post(path, missing);
    const wrongAnswer = await owner.client.post(path, wrong);
    for (const answer of [missingAnswer, wrongAnswer]) {
      const error = await errorOf(answer);
      expect(error.status).toBe(400);
      expect(error.code).toEqual(expect.any(String));
    }
    expect(await orgSnapshot(server)).toBe(before);
  });

  it.each(GETS)('GET %s%s refuses a bad query with 400 VALIDATION_ERROR', async (path, query) => {
    expect(await errorOf(await owner.client.get(`${path}${query}`))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});
