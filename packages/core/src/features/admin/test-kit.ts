/**
 * Shared set-up for the admin feature's tests: a server with the feature on, users seeded straight
 * into the database (one scrypt hash for all of them), and whole-database snapshots for checking
 * that a refused call changed nothing.
 */
import { generateId } from '../../crypto/random.ts';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

export const PASSWORD = 'correct horse battery';

/** The AdminUser wire shape (docs/protocol/admin.md#wire-shapes), in the order the engine writes it. */
export const ADMIN_USER_KEYS = [
  'id',
  'name',
  'email',
  'emailVerified',
  'image',
  'createdAt',
  'updatedAt',
  'role',
  'banned',
  'banReason',
  'banExpires',
];

export const BANNED_MESSAGE =
  'You have been banned from this application. Please contact support if you believe this is an error.';

type AdminOptions = Omit<NonNullable<AuthOptions['admin']>, 'enabled'>;

export function startAdminServer(
  dialect: Dialect,
  admin: AdminOptions = {},
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now' | 'admin'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, { ...extra, admin: { enabled: true, ...admin } });
}

export interface Seed {
  id?: string;
  email?: string;
  name?: string;
  role?: string | null;
  emailVerified?: boolean;
  banned?: boolean;
  banReason?: string | null;
  banExpires?: string | null;
  /** false: no credential account, so the user cannot sign in with a password. */
  withPassword?: boolean;
}

let sequence = 0;
const hashes = new WeakMap<TestServer, Promise<string>>();

/** A fresh address each call, so tests sharing a server never collide. */
export function freshEmail(label = 'user'): string {
  sequence += 1;
  return `${label}-${sequence}@example.com`;
}

/** Inserts a user (with a credential account holding PASSWORD unless told otherwise); returns it. */
export async function seedUser(server: TestServer, seed: Seed = {}) {
  let hash = hashes.get(server);
  if (!hash) {
    hash = server.auth.options.emailAndPassword.password.hash(PASSWORD);
    hashes.set(server, hash);
  }
  const id = seed.id ?? generateId();
  const email = seed.email ?? freshEmail();
  const now = new Date(server.clock.now()).toISOString();
  await server.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user')
      .values({
        id,
        name: seed.name ?? 'Seeded User',
        email,
        emailVerified: seed.emailVerified ? 1 : 0,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: seed.role === undefined ? 'user' : seed.role,
        banned: seed.banned ? 1 : 0,
        banReason: seed.banReason ?? null,
        banExpires: seed.banExpires ?? null,
      } as never)
      .execute();
    if (seed.withPassword === false) return;
    await trx
      .insertInto('account')
      .values({
        id: generateId(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: await hash,
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  return { id, email };
}

/** Seeds a user and signs them in on a new client (a browser of their own). */
export async function signedInUser(server: TestServer, seed: Seed = {}) {
  const user = await seedUser(server, seed);
  const client = server.client();
  const { token } = await client.signIn(user.email);
  return { ...user, client, token };
}

/** Inserts a session row for a user straight into the database; returns its token. */
export async function seedSession(server: TestServer, userId: string, impersonatedBy: string | null = null) {
  const token = generateId();
  const now = server.clock.now();
  await server.database.db
    .insertInto('session')
    .values({
      id: generateId(),
      token,
      userId,
      expiresAt: new Date(now + 86_400_000).toISOString(),
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      ipAddress: '',
      userAgent: '',
      impersonatedBy,
    })
    .execute();
  return token;
}

/** The stored user row with booleans and dates in one form on every dialect. */
export async function userRow(server: TestServer, id: string) {
  const row = (await server.database.db
    .selectFrom('user')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const date = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    emailVerified: row.emailVerified === true || row.emailVerified === 1,
    role: row.role as string | null,
    banned: row.banned === true || row.banned === 1,
    banReason: row.banReason as string | null,
    banExpires: date(row.banExpires),
    updatedAt: date(row.updatedAt),
  };
}

/** Tokens of every stored session of a user, expired ones included. */
export async function sessionTokens(server: TestServer, userId: string): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('session')
    .select('token')
    .where('userId', '=', userId)
    .orderBy('token')
    .execute();
  return rows.map((row) => row.token);
}

/** Every user, session and account row, as text: equal snapshots mean nothing was written. */
export async function snapshot(server: TestServer): Promise<string> {
  const { db } = server.database;
  const [users, sessions, accounts] = await Promise.all([
    db.selectFrom('user').selectAll().orderBy('id').execute(),
    db.selectFrom('session').selectAll().orderBy('id').execute(),
    db.selectFrom('account').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, sessions, accounts });
}

/** The parsed get-session answer of a client (null when signed out). */
export async function currentSession(client: TestClient, query = '') {
  const response = await client.get(`/get-session${query}`);
  return (await response.json()) as {
    session: { token: string; userId: string; expiresAt: string; impersonatedBy: string | null };
    user: { id: string; email: string; role: string; banned: boolean };
  } | null;
}
