import type { AdditionalFields } from '../../user/additional-fields.ts';

/** `admin` in the engine options: roles, bans, impersonation (docs/protocol/admin.md#routes). */
export interface AdminOptions {
  enabled?: boolean;
  /** Written to every new user; default `user`. */
  defaultRole?: string;
  /** Roles whose holders count as admins when someone tries to impersonate them; default ['admin']. */
  adminRoles?: string[];
  /** Users who may do everything, whatever their role. */
  adminUserIds?: string[];
  /** Bootstrap: verified users with these emails are admins, whenever they sign up. */
  adminEmails?: string[];
  /** Default 3600. */
  impersonationSessionDuration?: number;
  bannedUserMessage?: string;
  /** Default 'No reason'. */
  defaultBanReason?: string;
  /** Seconds; default none (bans are permanent unless given a duration). */
  defaultBanExpiresIn?: number;
}

export interface ResolvedAdmin {
  defaultRole: string;
  adminRoles: string[];
  adminUserIds: Set<string>;
  adminEmails: Set<string>;
  impersonationSessionDuration: number;
  bannedUserMessage: string;
  defaultBanReason: string;
  defaultBanExpiresIn: number | undefined;
}

/** Applies the defaults; undefined when the feature is off. */
export function resolveAdmin(admin: AdminOptions | undefined): ResolvedAdmin | undefined {
  if (!admin?.enabled) return undefined;
  return {
    defaultRole: admin.defaultRole ?? 'user',
    adminRoles: admin.adminRoles ?? ['admin'],
    adminUserIds: new Set(admin.adminUserIds ?? []),
    adminEmails: new Set((admin.adminEmails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean)),
    impersonationSessionDuration: admin.impersonationSessionDuration ?? 3600,
    bannedUserMessage:
      admin.bannedUserMessage ??
      'You have been banned from this application. Please contact support if you believe this is an error.',
    defaultBanReason: admin.defaultBanReason ?? 'No reason',
    defaultBanExpiresIn: admin.defaultBanExpiresIn,
  };
}

/** The admin feature's user columns, as additional fields nobody can set through their own profile. */
export function adminFields(admin: ResolvedAdmin | undefined): AdditionalFields {
  if (!admin) return {};
  return {
    role: { type: 'string', defaultValue: admin.defaultRole, input: false },
    banned: { type: 'boolean', defaultValue: false, input: false },
    banReason: { type: 'string', input: false },
    banExpires: { type: 'date', input: false },
  };
}
