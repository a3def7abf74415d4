import type { Executor } from '../../db/executor.ts';

/** The organization feature's columns of a session: which organization and team it acts in. */
export interface ActiveState {
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
}

export function updateActiveState(db: Executor, token: string, changes: ActiveState) {
  return db.updateTable('session').set(changes).where('token', '=', token).execute();
}
