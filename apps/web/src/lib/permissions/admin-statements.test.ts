import { describe, expect, it } from 'vitest';
// The engine does not export its admin statements; only this test reads them, never the app's bundle.
import { adminStatements } from '../../../../../packages/core/src/access/admin-roles.ts';
import { ADMIN_STATEMENTS } from './admin-statements.ts';

describe('the admin statements mirrored from the engine', () => {
  it('lists the same resources and actions, in the same order', () => {
    expect(Object.entries(ADMIN_STATEMENTS)).toEqual(Object.entries(adminStatements));
  });
});
