import { z } from 'zod';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { setActiveState } from './active-state.ts';
import { countMembershipsOfUser } from './member.repository.ts';
import { findOrganizationBySlug } from './organization.repository.ts';
import { memberToJson, organizationToJson } from './organization-json.ts';
import { logoSchema, metadataSchema, nameSchema, slugSchema } from './organization-schemas.ts';
import { addTeamMember, insertTeam } from './team.repository.ts';

/** Creates an organization; the creator becomes its member with the creator role (contract §3.1). */
export const createOrganization = defineEndpoint({
  name: 'createOrganization',
  method: 'POST',
  path: '/organization/create',
  body: z.object({
    name: nameSchema,
    slug: slugSchema,
    logo: logoSchema.nullable().optional(),
    metadata: metadataSchema.optional(),
    keepCurrentActiveOrganization: z.boolean().optional(),
    userId: z.string().max(256).optional(),
  }),
  requires: 'session',
  async handler({ auth, request, body, session: resolved }) {
    const options = auth.options.organization!;
    const userId = resolved.user.id;
    if (!options.allowUserToCreateOrganization)
      throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
    if ((await countMembershipsOfUser(auth.db, userId)) >= options.organizationLimit) {
      throw new AuthError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
    }
    if (await findOrganizationBySlug(auth.db, body.slug)) throw new AuthError('ORGANIZATION_ALREADY_EXISTS');

    const now = isoNow(auth.options.now());
    const organization = {
      id: generateId(),
      name: body.name,
      slug: body.slug,
      logo: body.logo ?? null,
      createdAt: now,
      metadata: body.metadata ? JSON.stringify(body.metadata) : null,
    };
    const member = {
      id: generateId(),
      organizationId: organization.id,
      userId,
      role: options.creatorRole,
      createdAt: now,
    };
    const teamId = options.teams?.defaultTeam ? generateId() : undefined;
    await auth.db.transaction().execute(async (trx) => {
      await trx.insertInto('organization').values(organization).execute();
      await trx.insertInto('member').values(member).execute();
      if (teamId) {
        // The default team's updatedAt stays null (contract §2.4).
        await insertTeam(trx, {
          id: teamId,
          name: body.name,
          organizationId: organization.id,
          createdAt: now,
          updatedAt: null,
        });
        await addTeamMember(trx, teamId, userId, now);
      }
    });
    if (!body.keepCurrentActiveOrganization) {
      await setActiveState(auth, request, resolved, organization.id, teamId ?? undefined);
    }
    return { ...organizationToJson(organization, true), members: [memberToJson(member)] };
  },
});
