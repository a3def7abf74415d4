// @vitest-environment happy-dom
import type { Permissions } from '@gatehouse/client';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setPair } from '../../../lib/permissions/permission-set.ts';
import { RoleMatrix } from './role-matrix.tsx';

/** The matrix with its own state, reporting every change, as the role dialog holds it. */
function Harness({
  initial,
  canGrant,
  changes,
}: {
  initial: Permissions;
  canGrant: (resource: string, action: string) => boolean;
  changes: Permissions[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <RoleMatrix
      value={value}
      canGrant={canGrant}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('RoleMatrix', () => {
  afterEach(cleanup);

  it('offers exactly the statements’ resource × action pairs', () => {
    render(<Harness initial={{}} canGrant={() => true} changes={[]} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(23);
    expect(screen.queryByRole('checkbox', { name: 'Organization: Create' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Roles: Cancel' })).toBeNull();
    expect(box('Invitations: Cancel')).toBeTruthy();
    expect(box('Roles: Read')).toBeTruthy();
    // Custom roles can be given Gatehouse's audit permission like any other.
    expect(box('Activity: Read')).toBeTruthy();
    expect(box('API keys: Create')).toBeTruthy();
    expect(box('Webhooks: Delete')).toBeTruthy();
  });

  it('shows the role’s permissions and ticks and unticks pairs', async () => {
    const changes: Permissions[] = [];
    render(<Harness initial={{ member: ['update'] }} canGrant={() => true} changes={changes} />);
    expect(box('Members: Update').checked).toBe(true);
    expect(box('Members: Create').checked).toBe(false);
    const user = userEvent.setup();
    await user.click(box('Members: Create'));
    await user.click(box('Teams: Delete'));
    await user.click(box('Members: Update'));
    expect(changes).toEqual([
      { member: ['create', 'update'] },
      { member: ['create', 'update'], team: ['delete'] },
      { member: ['create'], team: ['delete'] },
    ]);
    expect(box('Members: Update').checked).toBe(false);
  });

  it('disables the pairs the caller cannot grant, keeping a held one visible', async () => {
    const changes: Permissions[] = [];
    const callerHolds = (resource: string, action: string) => resource === 'invitation' || action === 'read';
    render(<Harness initial={{ organization: ['delete'] }} canGrant={callerHolds} changes={changes} />);
    expect(box('Organization: Delete').disabled).toBe(true);
    expect(box('Organization: Delete').checked).toBe(true);
    expect(box('Members: Delete').disabled).toBe(true);
    expect(box('Invitations: Create').disabled).toBe(false);
    expect(box('Roles: Read').disabled).toBe(false);
    await userEvent.setup().click(box('Members: Delete'));
    expect(changes).toEqual([]);
  });
});

describe('setPair', () => {
  it('keeps the statements’ action order and drops a resource left empty', () => {
    expect(setPair({ ac: ['update'] }, 'ac', 'create', true)).toEqual({ ac: ['create', 'update'] });
    expect(setPair({ ac: ['read'], team: ['create'] }, 'ac', 'read', false)).toEqual({ team: ['create'] });
  });

  it('keeps resources and actions the matrix does not show', () => {
    expect(setPair({ project: ['ship'], ac: ['read'] }, 'ac', 'delete', true)).toEqual({
      project: ['ship'],
      ac: ['read', 'delete'],
    });
  });
});
