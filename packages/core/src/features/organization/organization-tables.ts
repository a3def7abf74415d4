import type { ColumnType } from 'kysely';
import type { DateColumn } from '../../db/schema.ts';

/** Organization feature tables (docs/protocol/organization.md#tables); `metadata` is JSON text. */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: DateColumn;
  metadata: string | null;
  /** Gatehouse's policy: members act inside only with two-factor on (features/organization/README.md). */
  requireTwoFactor: ColumnType<boolean | number, number | undefined, number>;
}

/** `role` is a comma-separated list of role names. */
export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: DateColumn;
}

/** Members per organization, kept by triggers on `member` (migrations/0017-member-count.ts). */
export interface MemberCountTable {
  organizationId: string;
  members: number;
}

/** Each organization's member-list version, changed by triggers (migrations/0018-member-page-version.ts). PostgreSQL answers the bigint as text. */
export interface MemberPageVersionTable {
  organizationId: string;
  version: ColumnType<number | string, number, number>;
}

/** `teamId` is a comma-joined list of team ids, or null. */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: DateColumn;
  createdAt: DateColumn;
  inviterId: string;
}

export interface TeamTable {
  id: string;
  name: string;
  memberCount: ColumnType<number | string, number | undefined, number>;
  organizationId: string;
  createdAt: DateColumn;
  updatedAt: DateColumn | null;
}

/** `membershipKey` (unique) guarantees one row per (team, user). */
export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  membershipKey: string | null;
  createdAt: DateColumn | null;
}

/** Custom roles of one organization; `permission` is JSON text `{resource: [action]}`. */
export interface OrganizationRoleTable {
  id: string;
  organizationId: string;
  role: string;
  permission: string;
  createdAt: DateColumn;
  updatedAt: DateColumn | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface OrganizationTables {
  organization: OrganizationTable;
  member: MemberTable;
  memberCount: MemberCountTable;
  memberPageVersion: MemberPageVersionTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  organizationRole: OrganizationRoleTable;
}
