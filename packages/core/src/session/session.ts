import { toDate } from '../db/schema.ts';

/** A stored session. `token` is the bearer secret carried (signed) in the session cookie. */
export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** The admin acting as this user, when this is an impersonation session. */
  impersonatedBy: string | null;
  /** Present only with the organization feature on (and the team only with teams on). */
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
  /**
   * Gatehouse only, never answered: when the person last proved who they are on this session
   * (`recent-authentication.ts`). Null on a row Better Auth wrote; absent when the session came
   * from the cookie cache, which does not carry it.
   */
  authenticatedAt?: Date | null;
}

/**
 * `columns`: for full rows (`select *`), the session columns the engine reads, so the organization
 * columns, which every database has, show only while that feature is on.
 */
export function sessionFromRow(row: Record<string, unknown>, columns?: readonly string[]): Session {
  const session: Session = {
    id: row.id as string,
    token: row.token as string,
    userId: row.userId as string,
    expiresAt: toDate(row.expiresAt as string),
    createdAt: toDate(row.createdAt as string),
    updatedAt: toDate(row.updatedAt as string),
    ipAddress: (row.ipAddress as string | null) ?? null,
    userAgent: (row.userAgent as string | null) ?? null,
    impersonatedBy: (row.impersonatedBy as string | null) ?? null,
  };
  // Joined rows and cached sessions carry these keys only when the organization feature is on.
  if (columns ? columns.includes('activeOrganizationId') : 'activeOrganizationId' in row)
    session.activeOrganizationId = (row.activeOrganizationId as string) ?? null;
  if (columns ? columns.includes('activeTeamId') : 'activeTeamId' in row)
    session.activeTeamId = (row.activeTeamId as string) ?? null;
  if ('authenticatedAt' in row)
    session.authenticatedAt = row.authenticatedAt == null ? null : toDate(row.authenticatedAt as string);
  return session;
}

/**
 * The session object of every response, in the protocol's key order
 * (docs/protocol/core.md#reading-a-session).
 */
export function sessionToJson(session: Session): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: session.id,
    token: session.token,
    userId: session.userId,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    impersonatedBy: session.impersonatedBy,
  };
  if (session.activeOrganizationId !== undefined) json.activeOrganizationId = session.activeOrganizationId;
  if (session.activeTeamId !== undefined) json.activeTeamId = session.activeTeamId;
  return json;
}
