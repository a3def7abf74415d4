import { z } from 'zod';
import { generateId } from '../../../crypto/random.ts';
import { isoNow } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization, ResolvedTeams } from '../organization-config.ts';
import { teamToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { teamJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { countTeams, insertTeam } from './team.repository.ts';

/** Creates a team; its creator is not added to it (docs/protocol/organization.md#create-team). */
export const createTeamEndpoint = (options: ResolvedOrganization, teams: ResolvedTeams) =>
  defineEndpoint({
    name: 'createTeam',
    method: 'POST',
    path: '/organization/create-team',
    summary: 'Create a team in an organization',
    description: 'Its creator is not added to it.',
    body: z.object({ name: z.string().max(256), organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: teamJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
      'ORGANIZATION_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        permission: { team: ['create'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
      });
      const { organizationId } = caller;
      if ((await countTeams(auth.db, organizationId)) >= teams.maximumTeams) {
        throw new AuthError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS');
      }
      await caller.requireOrganization();
      const now = isoNow(auth.options.now());
      const team = { id: generateId(), name: body.name, organizationId, createdAt: now, updatedAt: now };
      await insertTeam(auth.db, team);
      await auth.audit.record(request, {
        type: 'organization.team_created',
        target: { type: 'team', id: team.id },
        organizationId: team.organizationId,
      });
      return teamToJson(team);
    },
  });
