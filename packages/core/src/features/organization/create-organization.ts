import { z } from 'zod';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { setActiveState } from './active-state.ts';
import { countMembershipsOfUser, insertMember } from './members/member.repository.ts';
import { findOrganizationBySlug, insertOrganization } from './organization.repository.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import { memberToJson, organizationToJson } from './organization-json.ts';
import { memberJson, writtenOrganizationJson } from './organization-response-schemas.ts';
import { logoSchema, metadataSchema, nameSchema, slugSchema } from './organization-schemas.ts';
import { addTeamMember, insertTeam } from './teams/team.repository.ts';

const body = z.object({
  name: nameSchema,
  slug: slugSchema,
  logo: logoSchema.nullable().optional(),
  metadata: metadataSchema.optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
  userId: z.string().max(256).optional(),
});

/**
 * Creates an organization; the creator becomes its member with the creator role
 * (docs/protocol/organization.md#create-organization).
 */
export const createOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'createOrganization',
    method: 'POST',
    path: '/organization/create',
    summary: 'Create an organization',
    description:
      'The creator becomes its owner and it becomes the active organization unless ' +
      '`keepCurrentActiveOrganization`.',
    body,
    requires: 'session',
    response: writtenOrganizationJson.extend({ members: z.array(memberJson) }),
    errors: [
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
      'ORGANIZATION_ALREADY_EXISTS',
    ],
    async handler({ auth, request, body, session: resolved }) {
      const userId = resolved.user.id;
      if (!options.allowUserToCreateOrganization)
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
      if ((await countMembershipsOfUser(auth.db, userId)) >= options.organizationLimit) {
        throw new AuthError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
      }
      if (await findOrganizationBySlug(auth.db, body.slug))
        throw new AuthError('ORGANIZATION_ALREADY_EXISTS');

      const now = isoNow(auth.options.now());
      const { organization, member, team } = newOrganizationRows(options, body, userId, now);
      await auth.db.transaction().execute(async (trx) => {
        await insertOrganization(trx, organization);
        await insertMember(trx, member);
        if (team) {
          await insertTeam(trx, team);
          await addTeamMember(trx, team.id, userId, now);
        }
        await auth.audit.recordIn(trx, request, {
          type: 'organization.created',
          target: { type: 'organization', id: organization.id },
          organizationId: organization.id,
          metadata: { slug: organization.slug },
        });
      });
      if (!body.keepCurrentActiveOrganization) {
        await setActiveState(auth, request, resolved, {
          activeOrganizationId: organization.id,
          activeTeamId: team?.id,
        });
      }
      return { ...organizationToJson(organization, true), members: [memberToJson(member)] };
    },
  });

/** The organization, its creator's membership and (with default teams on) its first team. */
function newOrganizationRows(
  options: ResolvedOrganization,
  input: z.infer<typeof body>,
  userId: string,
  now: string,
) {
  const organization = {
    id: generateId(),
    name: input.name,
    slug: input.slug,
    logo: input.logo ?? null,
    createdAt: now,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
  };
  const organizationId = organization.id;
  const member = { id: generateId(), organizationId, userId, role: options.creatorRole, createdAt: now };
  // The default team's updatedAt stays null (docs/protocol/organization.md#tables).
  const team = options.teams?.defaultTeam
    ? { id: generateId(), name: input.name, organizationId, createdAt: now, updatedAt: null }
    : undefined;
  return { organization, member, team };
}
