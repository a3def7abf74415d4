import { z } from 'zod';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findOrganizationById } from './organization.repository.ts';
import { memberOrThrow, requireMemberCan } from './organization-access.ts';
import { teamToJson } from './organization-json.ts';
import { idSchema, organizationIdOr } from './organization-schemas.ts';
import { countTeams, insertTeam } from './team.repository.ts';

/** Creates a team; its creator is not added to it (contract §3.23). */
export const createTeam = defineEndpoint({
  name: 'createTeam',
  method: 'POST',
  path: '/organization/create-team',
  body: z.object({ name: z.string().max(256), organizationId: idSchema.optional() }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const member = await memberOrThrow(
      auth,
      organizationId,
      user.id,
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    );
    await requireMemberCan(
      auth,
      member,
      { team: ['create'] },
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
    );
    if ((await countTeams(auth.db, organizationId)) >= auth.options.organization!.teams!.maximumTeams) {
      throw new AuthError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS');
    }
    if (!(await findOrganizationById(auth.db, organizationId))) throw new AuthError('ORGANIZATION_NOT_FOUND');
    const now = isoNow(auth.options.now());
    const team = { id: generateId(), name: body.name, organizationId, createdAt: now, updatedAt: now };
    await insertTeam(auth.db, team);
    return teamToJson(team);
  },
});
