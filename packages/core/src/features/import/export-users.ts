import { rowLimit } from '../../db/row-limit.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { toBoolean, toIsoText } from '../../db/schema.ts';
import { CREDENTIAL_PROVIDER } from '../../user/account.repository.ts';
import { fileProblem, type ImportProblem } from './import-record.ts';

/** The formats `gatehouse export --to` writes (docs/protocol/import.md#9-export-decision). */
export const EXPORT_FORMATS = ['csv', 'auth0'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportResult {
  /** The file's text. */
  content: string;
  users: number;
  /** Users by the format of their stored password. */
  passwords: Record<string, number>;
  warnings: ImportProblem[];
}

interface ExportedUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  createdAt: string;
  banned: boolean;
  /** The stored value, split into its hasher and value (docs/protocol/import.md#41-storage-and-sign-in-decision). */
  password: { hasher: string; value: string } | null;
  accounts: { providerId: string; accountId: string }[];
  memberships: { slug: string; role: string }[];
}

const PAGE = 1000;
const ROLE_ORDER = ['owner', 'admin', 'member'];

/** `bcrypt$$2b$…` → bcrypt and the bcrypt string; Better Auth's `salt:hash` has no prefix. */
function splitStored(stored: string): { hasher: string; value: string } {
  const dollar = stored.indexOf('$');
  if (dollar <= 0 || !/^[a-z0-9_]+$/.test(stored.slice(0, dollar)))
    return { hasher: 'better_auth_scrypt', value: stored };
  return { hasher: stored.slice(0, dollar), value: stored.slice(dollar + 1) };
}

/** Every user, oldest first, with their password, social accounts and memberships, a page at a time. */
async function* exportedUsers({ db }: AuthDatabase): AsyncGenerator<ExportedUser> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = db.selectFrom('user').selectAll().orderBy('createdAt').orderBy('id').limit(rowLimit(PAGE));
    if (after) {
      const { createdAt, id } = after;
      query = query.where((where) =>
        where.or([
          where('createdAt', '>', createdAt),
          where.and([where('createdAt', '=', createdAt), where('id', '>', id)]),
        ]),
      );
    }
    const rows = (await query.execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const ids = rows.map((row) => String(row.id));
    const accounts = await db
      .selectFrom('account')
      .select(['userId', 'providerId', 'accountId', 'password'])
      .where('userId', 'in', ids)
      .orderBy('providerId')
      .orderBy('accountId')
      .execute();
    const members = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['member.userId', 'organization.slug', 'member.role'])
      .where('member.userId', 'in', ids)
      .orderBy('organization.slug')
      .execute();
    for (const row of rows) {
      const id = String(row.id);
      const own = accounts.filter((account) => account.userId === id);
      const credential = own.find((account) => account.providerId === CREDENTIAL_PROVIDER);
      yield {
        id,
        email: String(row.email),
        emailVerified: toBoolean(row.emailVerified as number),
        name: String(row.name),
        image: (row.image as string | null) ?? null,
        createdAt: toIsoText(row.createdAt as string),
        banned: toBoolean((row.banned ?? 0) as number),
        password: credential?.password ? splitStored(credential.password) : null,
        accounts: own
          .filter((account) => account.providerId !== CREDENTIAL_PROVIDER)
          .map(({ providerId, accountId }) => ({ providerId, accountId })),
        memberships: members
          .filter((member) => member.userId === id)
          .map(({ slug, role }) => ({
            slug,
            // A member may hold several roles (comma-separated): the highest the import knows.
            role:
              ROLE_ORDER.find((known) =>
                role
                  .split(',')
                  .map((r) => r.trim())
                  .includes(known),
              ) ?? 'member',
          })),
      };
    }
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = {
      createdAt: String(last.createdAt instanceof Date ? last.createdAt.toISOString() : last.createdAt),
      id: String(last.id),
    };
  }
}

/** RFC 4180: a cell with a comma, quote, line break or edge space is quoted, its quotes doubled. */
const csvCell = (value: string): string =>
  /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

const CSV_HEADER =
  'email,email_verified,name,image,password_hash,password_hasher,created_at,providers,organizations';

/** The formats Auth0's bulk import takes a `custom_password_hash` for (docs/protocol/import.md#9-export-decision). */
function auth0Password(
  password: ExportedUser['password'],
): { password_hash: string } | { custom_password_hash: Record<string, unknown> } | null {
  if (!password) return null;
  const { hasher, value } = password;
  if (hasher === 'bcrypt') return { password_hash: value };
  if (hasher === 'better_auth_scrypt') {
    const [salt = '', hash = ''] = value.split(':');
    // Better Auth's scrypt takes the salt's hex text as the salt: utf8, as it is.
    return {
      custom_password_hash: {
        algorithm: 'scrypt',
        hash: { value: hash, encoding: 'hex' },
        salt: { value: salt, encoding: 'utf8' },
        keylen: 64,
        cost: 16384,
        blockSize: 16,
        parallelization: 1,
      },
    };
  }
  if (hasher === 'argon2id' || hasher === 'argon2i')
    return { custom_password_hash: { algorithm: 'argon2', hash: { value, encoding: 'utf8' } } };
  if (hasher === 'pbkdf2_phc')
    return { custom_password_hash: { algorithm: 'pbkdf2', hash: { value, encoding: 'utf8' } } };
  return null;
}

/**
 * Every user in the format asked for (docs/protocol/import.md#9-export-decision). The CSV imports
 * back into any Gatehouse; into this one it changes nothing.
 */
export async function exportUsers(database: AuthDatabase, format: ExportFormat): Promise<ExportResult> {
  const counted = new Map<string, number>();
  const warnings: ImportProblem[] = [];
  const lines: string[] = format === 'csv' ? [CSV_HEADER] : [];
  const objects: Record<string, unknown>[] = [];
  let users = 0;
  let social = 0;
  let withoutPassword = 0;
  for await (const user of exportedUsers(database)) {
    users++;
    if (user.password) counted.set(user.password.hasher, (counted.get(user.password.hasher) ?? 0) + 1);
    if (format === 'csv') {
      lines.push(
        [
          user.email,
          String(user.emailVerified),
          user.name,
          user.image ?? '',
          user.password?.value ?? '',
          user.password?.hasher ?? '',
          user.createdAt,
          user.accounts.map((account) => `${account.providerId}:${account.accountId}`).join(' '),
          user.memberships.map((member) => `${member.slug}:${member.role}`).join(' '),
        ]
          .map(csvCell)
          .join(','),
      );
      continue;
    }
    social += user.accounts.length;
    const password = auth0Password(user.password);
    if (user.password && !password) withoutPassword++;
    objects.push({
      user_id: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      ...(user.image ? { picture: user.image } : {}),
      blocked: user.banned,
      ...(password ?? {}),
    });
  }
  const passwords = Object.fromEntries(counted);
  if (format === 'auth0') {
    if (withoutPassword > 0)
      warnings.push(
        fileProblem(
          `${withoutPassword} users have a password format Auth0 cannot import: exported without it`,
        ),
      );
    if (social > 0)
      warnings.push(
        fileProblem(`${social} social accounts are not in Auth0's bulk import schema: not exported`),
      );
    if (passwords.better_auth_scrypt)
      warnings.push(
        fileProblem(
          `${passwords.better_auth_scrypt} users have Better Auth scrypt passwords: Auth0 does not NFKC-normalise, so such a password that NFKC changes (non-ASCII) will not verify there`,
        ),
      );
  }
  const content = format === 'csv' ? `${lines.join('\n')}\n` : `${JSON.stringify(objects, null, 2)}\n`;
  return { content, users, passwords, warnings };
}
