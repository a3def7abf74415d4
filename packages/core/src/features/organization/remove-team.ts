import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { idSchema, organizationIdOr } from './organization-schemas.ts';
import { countTeams, deleteTeam, findTeam } from './team.repository.ts';

/** Removes a team with its members; pending invitations naming it drop it (contract §3.25). */
export const removeTeam = defineEndpoint({
  name: 'removeTeam',
  method: 'POST',
  path: '/organization/remove-team',
  body: z.object({ teamId: idSchema, organizationId: idSchema.optional() }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const member = await memberOrThrow(
      auth,
      organizationId,
      user.id,
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
    );
    if (session.activeTeamId === body.teamId) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM');
    await requireMemberCan(
      auth,
      member,
      { team: ['delete'] },
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
    );
    if (!(await findTeam(auth.db, organizationId, body.teamId))) throw new AuthError('TEAM_NOT_FOUND');
    if (
      !auth.options.organization!.teams!.allowRemovingAllTeams &&
      (await countTeams(auth.db, organizationId)) <= 1
    ) {
      throw new AuthError('UNABLE_TO_REMOVE_LAST_TEAM');
    }
    await deleteTeam(auth.db, organizationId, body.teamId);
    return { message: 'Team removed successfully.' };
  },
});
