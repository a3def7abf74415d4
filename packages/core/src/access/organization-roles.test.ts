import { describe, expect, it } from 'vitest';
import { present } from '../testing/present.ts';
import { evaluateRole, hasPermission } from './access-control.ts';
import {
  defaultOrganizationRoles,
  organizationStatements,
  splitOrganizationRoles,
} from './organization-roles.ts';

describe('organization statements and default roles (docs/protocol/organization.md#default-roles)', () => {
  it("lists the spec's five resources with their actions, and Gatehouse's auditLog, apiKey and webhook", () => {
    expect(organizationStatements).toEqual({
      organization: ['update', 'delete'],
      member: ['create', 'update', 'delete'],
      invitation: ['create', 'cancel'],
      team: ['create', 'update', 'delete'],
      ac: ['create', 'read', 'update', 'delete'],
      auditLog: ['read'],
      apiKey: ['create', 'read', 'update', 'delete'],
      webhook: ['create', 'read', 'update', 'delete'],
    });
  });

  it('lets owner and admin manage webhooks by default, not a plain member (docs/protocol/webhooks.md#3-who-may-do-what)', () => {
    for (const action of ['create', 'read', 'update', 'delete']) {
      for (const role of ['owner', 'admin'])
        expect(hasPermission([role], defaultOrganizationRoles, { webhook: [action] })).toBe(true);
      expect(hasPermission(['member'], defaultOrganizationRoles, { webhook: [action] })).toBe(false);
    }
  });

  it('lets owner and admin manage API keys by default, not a plain member (docs/protocol/api-key.md#organization-keys)', () => {
    for (const action of ['create', 'read', 'update', 'delete']) {
      for (const role of ['owner', 'admin'])
        expect(hasPermission([role], defaultOrganizationRoles, { apiKey: [action] })).toBe(true);
      expect(hasPermission(['member'], defaultOrganizationRoles, { apiKey: [action] })).toBe(false);
    }
  });

  it('lets owner and admin read the audit log by default, not a plain member', () => {
    for (const role of ['owner', 'admin']) {
      expect(hasPermission([role], defaultOrganizationRoles, { auditLog: ['read'] })).toBe(true);
    }
    expect(hasPermission(['member'], defaultOrganizationRoles, { auditLog: ['read'] })).toBe(false);
  });

  it('declares admin-like, owner-like and plain member, in that order', () => {
    expect(Object.keys(defaultOrganizationRoles)).toEqual(['admin', 'owner', 'member']);
    expect(hasPermission(['admin'], defaultOrganizationRoles, { organization: ['delete'] })).toBe(false);
    expect(hasPermission(['owner'], defaultOrganizationRoles, { organization: ['delete'] })).toBe(true);
    expect(hasPermission(['member'], defaultOrganizationRoles, { ac: ['read'] })).toBe(true);
    expect(hasPermission(['member'], defaultOrganizationRoles, { member: ['create'] })).toBe(false);
  });

  it('a missing resource gives the denial message; OR requests pass on any resource', () => {
    expect(evaluateRole(present(defaultOrganizationRoles.member), { billing: ['read'] })).toEqual({
      allowed: false,
      reason: 'You are not allowed to access resource: billing',
    });
    expect(
      evaluateRole(present(defaultOrganizationRoles.member), { team: ['create'], ac: ['read'] }, 'OR'),
    ).toEqual({
      allowed: true,
    });
    expect(
      evaluateRole(present(defaultOrganizationRoles.member), { team: ['create'], ac: ['read'] }),
    ).toEqual({
      allowed: false,
      reason: 'unauthorized to access resource "team"',
    });
    expect(
      hasPermission(
        ['member', 'admin'],
        defaultOrganizationRoles,
        { team: ['create'], billing: ['x'] },
        'OR',
      ),
    ).toBe(true);
  });

  it('splits role strings on commas, trimming and dropping empty names', () => {
    expect(splitOrganizationRoles(' member, admin ,,')).toEqual(['member', 'admin']);
    expect(splitOrganizationRoles(['owner', ' admin'])).toEqual(['owner', 'admin']);
    expect(splitOrganizationRoles(null)).toEqual([]);
  });
});
