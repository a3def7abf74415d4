import { type Env, variableReader } from './variables.ts';

/** Organizations, their teams, custom roles stored per organization, and members per organization. */
export interface OrganizationsConfig {
  enabled: boolean;
  teams: boolean;
  customRoles: boolean;
  membershipLimit: number;
}

/** Reads ORGANIZATIONS, ORGANIZATION_TEAMS, ORGANIZATION_ROLES and ORGANIZATION_MEMBERSHIP_LIMIT. */
export function readOrganizations(env: Env, problems: string[]): OrganizationsConfig {
  const read = variableReader(env, problems);
  return {
    enabled: read.onOff('ORGANIZATIONS'),
    teams: read.onOff('ORGANIZATION_TEAMS'),
    customRoles: read.onOff('ORGANIZATION_ROLES'),
    // Better Auth's default is 100 (docs/protocol/organization.md#limits).
    membershipLimit: read.value(
      'ORGANIZATION_MEMBERSHIP_LIMIT',
      100,
      (raw) => (/^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
      'a whole number from 1 to 999999',
    ),
  };
}
