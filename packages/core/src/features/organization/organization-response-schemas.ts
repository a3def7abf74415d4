import { z } from 'zod';

/**
 * The answers of `organization-json.ts` as schemas, for route `response` declarations: the OpenAPI
 * document and the answer checker that holds every test's real answers to them.
 */
const isoDate = z.iso.datetime();

const organizationFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: isoDate,
  requireTwoFactor: z.boolean(),
};

/** An organization as reads answer it: `metadata` as the stored JSON text. */
export const organizationJson = z.object({ ...organizationFields, metadata: z.string().nullable() });

/** An organization as create and update answer it: `metadata` parsed, absent when there is none. */
export const writtenOrganizationJson = z.object({ ...organizationFields, metadata: z.unknown().optional() });

export const memberJson = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.string(),
  createdAt: isoDate,
});

export const memberWithUserJson = memberJson.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
});

/** `teamId` is there only with teams on. */
export const invitationJson = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  teamId: z.string().nullable().optional(),
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
  expiresAt: isoDate,
  createdAt: isoDate,
  inviterId: z.string(),
});

export const teamJson = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate.nullable(),
});

export const teamMemberJson = z.object({
  id: z.string(),
  teamId: z.string(),
  userId: z.string(),
  createdAt: isoDate,
});

export const roleJson = z.object({
  id: z.string(),
  organizationId: z.string(),
  role: z.string(),
  permission: z.record(z.string(), z.array(z.string())),
  createdAt: isoDate,
  updatedAt: isoDate.nullable(),
});

/** A confirmation carrying only a sentence (team routes). */
export const messageJson = z.object({ message: z.string() });
