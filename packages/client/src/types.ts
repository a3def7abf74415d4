/** Wire shapes of the Gatehouse API (dates are ISO strings). */
export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  [additional: string]: unknown;
}

export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** The admin acting, when this is an impersonation session. */
  impersonatedBy?: string | null;
}

export interface SessionData {
  session: Session;
  user: User;
}

export interface Status {
  status: boolean;
}

/** A user as admin endpoints return it: role and ban fields included. */
export interface AdminUser extends User {
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: string | null;
}

export interface AdminSession extends Session {
  impersonatedBy: string | null;
}
