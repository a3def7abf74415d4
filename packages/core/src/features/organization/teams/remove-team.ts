import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization, ResolvedTeams } from '../organization-config.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { messageJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { countTeams, deleteTeam, findTeam } from './team.repository.ts';

/**
 * Removes a team with its members; pending invitations naming it drop it
 * (docs/protocol/organization.md#remove-team).
 */
export const removeTeamEndpoint = (options: ResolvedOrganization, teams: ResolvedTeams) =>
  defineEndpoint({
    name: 'removeTeam',
    method: 'POST',
    path: '/organization/remove-team',
    summary: 'Remove a team',
    description: 'With its members; pending invitations naming it drop it.',
    body: z.object({ teamId: idSchema, organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: messageJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
      'TEAM_NOT_FOUND',
      'UNABLE_TO_REMOVE_LAST_TEAM',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
      });
      const { organizationId } = caller;
      if (session.activeTeamId === body.teamId)
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM');
      await caller.requirePermission(
        { team: ['delete'] },
        'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
      );
      if (!(await findTeam(auth.db, organizationId, body.teamId))) throw new AuthError('TEAM_NOT_FOUND');
      if (!teams.allowRemovingAllTeams && (await countTeams(auth.db, organizationId)) <= 1) {
        throw new AuthError('UNABLE_TO_REMOVE_LAST_TEAM');
      }
      await auth.db.transaction().execute((trx) => deleteTeam(trx, organizationId, body.teamId));
      await auth.audit.record(request, {
        type: 'organization.team_deleted',
        target: { type: 'team', id: body.teamId },
        organizationId: organizationId,
      });
      return { message: 'Team removed successfully.' };
    },
  });
