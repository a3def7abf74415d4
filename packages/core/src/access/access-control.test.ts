import { describe, expect, it } from 'vitest';
import { evaluateRole, hasPermission } from './access-control.ts';

const editor = { post: ['read', 'write'], comment: ['read'] };

describe('access control', () => {
  it('AND (default): every resource must pass, with every action', () => {
    expect(evaluateRole(editor, { post: ['read', 'write'], comment: ['read'] })).toEqual({ allowed: true });
    expect(evaluateRole(editor, { post: ['read', 'delete'] })).toEqual({
      allowed: false,
      reason: 'unauthorized to access resource "post"',
    });
  });

  it('a resource the role does not know fails at once under AND, and is skipped under OR', () => {
    expect(evaluateRole(editor, { billing: ['read'] })).toEqual({
      allowed: false,
      reason: 'You are not allowed to access resource: billing',
    });
    expect(evaluateRole(editor, { billing: ['read'], post: ['read'] }, 'OR')).toEqual({ allowed: true });
  });

  it('OR across resources passes when one passes', () => {
    expect(evaluateRole(editor, { post: ['delete'], comment: ['read'] }, 'OR')).toEqual({ allowed: true });
    expect(evaluateRole(editor, { post: ['delete'], comment: ['write'] }, 'OR')).toEqual({
      allowed: false,
      reason: 'Not authorized',
    });
  });

  it('a per-resource OR connector passes with any of its actions', () => {
    expect(evaluateRole(editor, { post: { actions: ['delete', 'read'], connector: 'OR' } })).toEqual({
      allowed: true,
    });
    expect(evaluateRole(editor, { post: { actions: ['delete', 'read'], connector: 'AND' } }).allowed).toBe(
      false,
    );
  });

  it('empty action lists and empty requests fail', () => {
    expect(evaluateRole(editor, { post: [] }).allowed).toBe(false);
    expect(evaluateRole(editor, {}).allowed).toBe(false);
  });

  it('several roles: any single role must grant the whole request; unknown names grant nothing', () => {
    const roles = { writer: { post: ['write'] }, moderator: { comment: ['delete'] } };
    expect(hasPermission(['writer', 'moderator'], roles, { post: ['write'] })).toBe(true);
    expect(hasPermission(['writer', 'moderator'], roles, { post: ['write'], comment: ['delete'] })).toBe(
      false,
    );
    expect(hasPermission(['ghost'], roles, { post: ['write'] })).toBe(false);
  });
});
