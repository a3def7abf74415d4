import { generateId } from '../crypto/random.ts';
import { encodeSignedValue } from '../http/signed-cookie.ts';
import type { TestServer } from './test-server.ts';

/** Who a fuzzed request comes from. */
export type IdentityName = 'signed out' | 'user' | 'organization owner' | 'admin';

export const IDENTITY_NAMES: readonly IdentityName[] = ['signed out', 'user', 'organization owner', 'admin'];

export interface Identity {
  /** The Cookie header to send; empty when signed out. */
  cookie: string;
  userId: string;
  email: string;
}

/**
 * Placeholders a generated request may hold, replaced when it is sent by the ids, emails and slug
 * of the identities then current, so some requests reach past "not found" into the handlers while
 * the generators stay independent of the database. Plain letters survive any encoding.
 */
export const KNOWN = {
  userId: 'KNOWNUSERID',
  ownerId: 'KNOWNOWNERID',
  adminId: 'KNOWNADMINID',
  userEmail: 'KNOWNUSEREMAIL',
  organizationId: 'KNOWNORGANIZATIONID',
  organizationSlug: 'KNOWNORGANIZATIONSLUG',
} as const;

export interface Identities {
  get(name: IdentityName): Identity;
  /** Replaces the `KNOWN` placeholders in request text with these identities' values. */
  fill(text: string): string;
}

/**
 * Fresh identities written straight into the database: no password hashing, so re-creating them
 * after every request that succeeded (and may have signed someone out, deleted a user or an
 * organization, or demoted the admin) stays cheap. Each signed-in identity is a session cookie
 * signed with the server's secret, sent as a fixed header, so nothing a response sets carries over.
 */
export async function createIdentities(server: TestServer): Promise<Identities> {
  const { db } = server.database;
  const now = server.clock.now();
  const iso = new Date(now).toISOString();
  const cookieName = server.auth.options.secureCookies
    ? `__Secure-${server.auth.options.cookiePrefix}.session_token`
    : `${server.auth.options.cookiePrefix}.session_token`;

  const organizationId = generateId();
  const organizationSlug = `fuzz-${organizationId.slice(0, 12).toLowerCase()}`;

  async function signedIn(role: string, activeOrganizationId: string | null): Promise<Identity> {
    const userId = generateId();
    const email = `fuzz-${userId.slice(0, 12).toLowerCase()}@example.com`;
    await db
      .insertInto('user')
      .values({
        id: userId,
        name: 'Fuzz',
        email,
        emailVerified: 1,
        image: null,
        createdAt: iso,
        updatedAt: iso,
        role,
      } as never)
      .execute();
    const token = generateId();
    await db
      .insertInto('session')
      .values({
        id: generateId(),
        token,
        userId,
        // A week ahead: far from the refresh threshold, so no request extends (writes) the session.
        expiresAt: new Date(now + 7 * 86_400_000).toISOString(),
        createdAt: iso,
        updatedAt: iso,
        ipAddress: '',
        userAgent: '',
        activeOrganizationId,
      } as never)
      .execute();
    return { cookie: `${cookieName}=${encodeSignedValue(server.auth.options.secret, token)}`, userId, email };
  }

  const user = await signedIn('user', null);
  const admin = await signedIn('admin', null);
  const owner = await signedIn('user', organizationId);
  await db
    .insertInto('organization')
    .values({
      id: organizationId,
      name: 'Fuzz Org',
      slug: organizationSlug,
      logo: null,
      createdAt: iso,
      metadata: null,
    })
    .execute();
  await db
    .insertInto('member')
    .values({ id: generateId(), organizationId, userId: owner.userId, role: 'owner', createdAt: iso })
    .execute();
  await db
    .insertInto('member')
    .values({ id: generateId(), organizationId, userId: user.userId, role: 'member', createdAt: iso })
    .execute();

  const byName: Record<IdentityName, Identity> = {
    'signed out': { cookie: '', userId: '', email: 'nobody@example.com' },
    user,
    'organization owner': owner,
    admin,
  };
  const values: Record<string, string> = {
    [KNOWN.userId]: user.userId,
    [KNOWN.ownerId]: owner.userId,
    [KNOWN.adminId]: admin.userId,
    [KNOWN.userEmail]: user.email,
    [KNOWN.organizationId]: organizationId,
    [KNOWN.organizationSlug]: organizationSlug,
  };
  const placeholders = new RegExp(Object.values(KNOWN).join('|'), 'g');
  return {
    get: (name) => byName[name],
    fill: (text) => text.replace(placeholders, (placeholder) => values[placeholder] ?? placeholder),
  };
}
