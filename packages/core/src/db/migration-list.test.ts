/**
 * The versioned migrations, the core's and the features' (each in its folder's `module.ts`), are
 * one sequence: the names `gatehouse_migration` records, in the order they have always run.
 */
import { describe, expect, it } from 'vitest';
import { featureModules } from '../features/feature-list.ts';
import { collectMigrations } from './migrate.ts';

const recorded = [
  '0001-core-tables',
  '0002-rate-limit-table',
  '0003-admin-columns',
  '0004-jwks-table',
  '0005-organization-tables',
  '0006-two-factor',
  '0008-organization-two-factor-policy',
  '0009-passkey',
  '0010-audit-events',
  '0011-avatars',
  '0012-known-devices',
  '0013-user-search-indexes',
  '0014-list-order-indexes',
  '0015-member-page-index',
  '0016-drop-member-organization-index',
  '0017-member-count',
  '0018-member-page-version',
  '0019-session-authenticated-at',
  '0020-api-key',
  '0021-api-key-created-by',
  '0022-webhooks',
  '0023-username',
];

describe('the migration list', () => {
  it.each(['sqlite', 'postgres'] as const)('is the recorded names in the recorded order (%s)', (dialect) => {
    expect(Object.keys(collectMigrations(dialect))).toEqual(recorded);
  });

  it('has each name declared by one module only, numbered NNNN-', () => {
    const declared = featureModules.flatMap((module) => Object.keys(module.migrations));
    expect(declared.filter((name, at) => declared.indexOf(name) !== at)).toEqual([]);
    for (const name of declared) expect(recorded).toContain(name);
    expect(recorded.every((name) => /^\d{4}-[a-z0-9-]+$/.test(name))).toBe(true);
  });

  it('gives each feature the migrations of its own tables', () => {
    const owners = Object.fromEntries(
      featureModules.map((module) => [module.name, Object.keys(module.migrations)] as const),
    );
    expect(owners.passkey).toEqual(['0009-passkey']);
    expect(owners.organization).toContain('0017-member-count');
    expect(owners.sessions).toEqual([]);
  });
});
