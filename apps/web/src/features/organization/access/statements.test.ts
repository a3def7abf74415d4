import type { Permissions } from '@gatehouse/client';
import { defaultOrganizationRoles, organizationStatements } from '@gatehouse/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ORG_STATEMENTS } from './statements.ts';

/**
 * The apiKey resource (docs/protocol/api-key-client.md#organization-keys) is mirrored ahead of the
 * engine's API-key feature, built beside the screens, which adds it to the engine's statements.
 * Once the engine has it, the test saying it does not yet fails: then drop this list.
 */
const AWAITING_ENGINE: readonly string[] = ['apiKey'];

const withoutAwaited = (permissions: Permissions) =>
  Object.fromEntries(Object.entries(permissions).filter(([resource]) => !AWAITING_ENGINE.includes(resource)));

// The app mirrors the engine's tables so it can decide at once for default roles; only this test
// ties the copy to the original. It imports the engine, which the app's bundle never does.
describe('the organization access tables mirrored from the engine', () => {
  it('lists the same resources and actions, in the same order', () => {
    expect(Object.entries(withoutAwaited(ORG_STATEMENTS))).toEqual(Object.entries(organizationStatements));
  });

  it('grants the same actions to each default role', () => {
    const mirrored = Object.fromEntries(
      Object.entries(DEFAULT_ROLES).map(([role, permissions]) => [role, withoutAwaited(permissions)]),
    );
    expect(mirrored).toEqual(defaultOrganizationRoles);
  });

  it('awaits only resources the engine does not have yet', () => {
    expect(
      Object.keys(organizationStatements).filter((resource) => AWAITING_ENGINE.includes(resource)),
    ).toEqual([]);
  });

  it('mirrors apiKey as the API-key feature grants it: owner and admin every action, member none', () => {
    const all = ['create', 'read', 'update', 'delete'];
    expect(ORG_STATEMENTS.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.owner?.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.admin?.apiKey).toEqual(all);
    expect(DEFAULT_ROLES.member?.apiKey).toEqual([]);
  });
});
