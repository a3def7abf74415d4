import { describe, expect, it } from 'vitest';
import { splitRoles } from '../../../lib/role-label.ts';
import { defaultRolePairs } from './local-permissions.ts';

describe('defaultRolePairs (the default roles of docs/protocol/organization.md#default-roles)', () => {
  it('member holds only ac:read', () => {
    expect(defaultRolePairs('member')).toEqual(['ac:read']);
  });

  it('admin holds everything but organization:delete; owner holds everything', () => {
    const admin = defaultRolePairs('admin');
    const owner = defaultRolePairs('owner');
    // Lengths first: they fail plainly on null, the answer for a role the app cannot decide.
    expect(owner).toHaveLength(23);
    expect(admin).toHaveLength(22);
    // Gatehouse's audit permission: both read the organization's security activity.
    expect(owner).toContain('auditLog:read');
    expect(admin).toContain('auditLog:read');
    // The organization's API keys: both manage them.
    for (const action of ['create', 'read', 'update', 'delete']) {
      expect(owner).toContain(`apiKey:${action}`);
      expect(admin).toContain(`apiKey:${action}`);
      // And the organization's webhooks (docs/protocol/webhooks.md#3-who-may-do-what).
      expect(owner).toContain(`webhook:${action}`);
      expect(admin).toContain(`webhook:${action}`);
    }
    // The organization's webhook endpoints: both manage them too.
    for (const action of ['create', 'read', 'update', 'delete']) {
      expect(owner).toContain(`webhook:${action}`);
      expect(admin).toContain(`webhook:${action}`);
    }
    expect(admin).not.toContain('organization:delete');
    expect(admin).toContain('organization:update');
    expect(owner).toContain('organization:delete');
  });

  it('several roles: any one granting is enough', () => {
    expect(defaultRolePairs('member, admin')?.sort()).toEqual(defaultRolePairs('admin')?.sort());
  });

  it('leaves custom roles, and default names the organization extended, to the server', () => {
    expect(defaultRolePairs('support')).toBeNull();
    expect(defaultRolePairs('admin,support')).toBeNull();
    expect(defaultRolePairs('member', ['member'])).toBeNull();
  });

  it('splits, trims and drops empty names as the server does', () => {
    expect(splitRoles(' admin, ,member ')).toEqual(['admin', 'member']);
    expect(defaultRolePairs(' , ')).toEqual([]);
  });
});
