import { z } from 'zod';
import { isoNow } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { teamToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { teamJson } from '../organization-response-schemas.ts';
import { idSchema, nameSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findTeam, updateTeamRow } from './team.repository.ts';

/**
 * Renames a team (docs/protocol/organization.md#update-team); `data.organizationId` only scopes the lookup.
 */
export const updateTeamEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'updateTeam',
    method: 'POST',
    path: '/organization/update-team',
    summary: 'Rename a team',
    body: z.object({
      teamId: idSchema,
      data: z.object({ name: nameSchema.optional(), organizationId: idSchema.optional() }),
    }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: teamJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
      'TEAM_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.data.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
        permission: { team: ['update'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
      });
      const team = await findTeam(auth.db, caller.organizationId, body.teamId);
      if (!team) throw new AuthError('TEAM_NOT_FOUND');
      const changes = { name: body.data.name ?? team.name, updatedAt: isoNow(auth.options.now()) };
      await updateTeamRow(auth.db, team.id, changes);
      await auth.audit.record(request, {
        type: 'organization.team_updated',
        target: { type: 'team', id: team.id },
        organizationId: team.organizationId,
        metadata: { fields: Object.keys(changes) },
      });
      return teamToJson({ ...team, ...changes });
    },
  });
