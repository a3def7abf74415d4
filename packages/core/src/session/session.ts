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
}

export function sessionFromRow(row: Record<string, unknown>): Session {
  return {
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
}

/** The session object of every response, in the contract's key order (§5.3). */
export function sessionToJson(session: Session): Record<string, unknown> {
  return {
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
}
