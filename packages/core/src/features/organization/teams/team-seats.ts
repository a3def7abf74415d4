import type { Executor } from '../../../db/executor.ts';
import { AuthError } from '../../../errors.ts';
import type { ResolvedTeams } from '../organization-config.ts';
import { countTeamMembers, findTeam, findTeamMember } from './team.repository.ts';

/**
 * A team of the organization with a seat free, checked before someone is put on it or invited to
 * it: 400 TEAM_NOT_FOUND, then 403 TEAM_MEMBER_LIMIT_REACHED. `userId`, when given, is the person
 * taking the seat; if they already hold one, the team being full does not matter.
 */
export async function requireTeamSeat(
  db: Executor,
  teams: ResolvedTeams,
  organizationId: string,
  teamId: string,
  userId?: string,
): Promise<void> {
  if (!(await findTeam(db, organizationId, teamId))) throw new AuthError('TEAM_NOT_FOUND');
  if (userId !== undefined && (await findTeamMember(db, teamId, userId))) return;
  if ((await countTeamMembers(db, teamId)) >= teams.maximumMembersPerTeam) {
    throw new AuthError('TEAM_MEMBER_LIMIT_REACHED');
  }
}
