import { defaultOrganizationRoles, organizationStatements } from '@gatehouse/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ORG_STATEMENTS } from './organization-statements.ts';

// The app mirrors the engine's tables so it can decide at once for default roles; only this test
// ties the copy to the original. It imports the engine, which the app's bundle never does.
describe('the organization access tables mirrored from the engine', () => {
  it('lists the same resources and actions, in the same order', () => {
    expect(Object.entries(ORG_STATEMENTS)).toEqual(Object.entries(organizationStatements));
  });

  it('grants the same actions to each default role', () => {
    expect(DEFAULT_ROLES).toEqual(defaultOrganizationRoles);
  });

  it('mirrors apiKey as the API-key feature grants it: owner and admin every action, member none', () => {
    const all = ['create', 'read', 'update', 'delete'];
    expect(ORG_STATEMENTS.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.owner?.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.admin?.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.member?.apiKey).toEqual([]);
  });

  it('mirrors webhook as the engine grants it: owner and admin every action, member none', () => {
    const all = ['create', 'read', 'update', 'delete'];
    expect(ORG_STATEMENTS.webhook).toEqual(all);
    expect(DEFAULT_ROLES.owner?.webhook).toEqual(all);
    expect(DEFAULT_ROLES.admin?.webhook).toEqual(all);
    expect(DEFAULT_ROLES.member?.webhook).toEqual([]);
  });
});
