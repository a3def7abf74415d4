import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { teamToJson } from './organization-json.ts';
import { idSchema, nameSchema, organizationIdOr } from './organization-schemas.ts';
import { findTeam } from './team.repository.ts';

/** Renames a team (contract §3.24); `data.organizationId` only scopes the lookup. */
export const updateTeam = defineEndpoint({
  name: 'updateTeam',
  method: 'POST',
  path: '/organization/update-team',
  body: z.object({
    teamId: idSchema,
    data: z.object({ name: nameSchema.optional(), organizationId: idSchema.optional() }),
  }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const organizationId = organizationIdOr(body.data.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const member = await memberOrThrow(
      auth,
      organizationId,
      user.id,
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
    );
    await requireMemberCan(auth, member, { team: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM');
    const team = await findTeam(auth.db, organizationId, body.teamId);
    if (!team) throw new AuthError('TEAM_NOT_FOUND');
    const updatedAt = isoNow(auth.options.now());
    const name = body.data.name ?? team.name;
    await auth.db.updateTable('team').set({ name, updatedAt }).where('id', '=', team.id).execute();
    return teamToJson({ ...team, name, updatedAt });
  },
});
