import { toBoolean, toIsoText } from '../../db/schema.ts';

/**
 * The organization feature's wire shapes (docs/protocol/organization.md#wire-shapes). Rows come from the
 * repositories with dates as text (SQLite) or Date (PostgreSQL); answers carry ISO strings.
 */
type Row = Record<string, unknown>;

const iso = (value: unknown): string | null => (value == null ? null : toIsoText(value as string | Date));

/**
 * Org. Reads return `metadata` as the stored JSON text; create and update return it parsed and
 * leave the key out when there is none (docs/protocol/organization.md#wire-shapes, kept because the official
 * client shows it).
 */
export function organizationToJson(row: Row, parseMetadata = false): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo ?? null,
    createdAt: iso(row.createdAt),
  };
  if (!parseMetadata) json.metadata = row.metadata ?? null;
  else if (row.metadata != null) json.metadata = JSON.parse(row.metadata as string);
  // Gatehouse's addition, last so the peer's keys keep their order (docs/api.md#two-factor-policy).
  json.requireTwoFactor = row.requireTwoFactor != null && toBoolean(row.requireTwoFactor as number);
  return json;
}

export const memberToJson = (row: Row): Record<string, unknown> => memberJson(row, row.organizationId);

/** Member, with the organization given apart: a window of one organization's rows does not carry it. */
function memberJson(row: Row, organizationId: unknown): Record<string, unknown> {
  return {
    id: row.id,
    organizationId,
    userId: row.userId,
    role: row.role,
    createdAt: iso(row.createdAt),
  };
}

/**
 * MemberU: a member row joined with its user's `u_` columns, of the organization `organizationId`
 * (rows of a window, member.repository.ts#windowWithUsers, do not carry it).
 */
export function memberWithUserToJson(row: Row, organizationId: string): Record<string, unknown> {
  // Added to the member's object, not spread into a copy: lists build a hundred per answer.
  const json = memberJson(row, organizationId);
  json.user = { id: row.userId, name: row.u_name, email: row.u_email, image: row.u_image ?? null };
  return json;
}

/** `teamId` is part of the shape only with teams on. */
export function invitationToJson(row: Row, teams: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
  };
  if (teams) json.teamId = row.teamId ?? null;
  json.status = row.status;
  json.expiresAt = iso(row.expiresAt);
  json.createdAt = iso(row.createdAt);
  json.inviterId = row.inviterId;
  return json;
}

export function teamToJson(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function teamMemberToJson(row: Row): Record<string, unknown> {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: iso(row.createdAt) };
}

export function roleToJson(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    organizationId: row.organizationId,
    role: row.role,
    permission: JSON.parse(row.permission as string),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
