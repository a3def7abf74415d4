import { describe, expect, it } from 'vitest';
import { type AuthDatabase, toBoolean, toIsoText } from '../../db/schema.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { ImportRecord } from './import-record.ts';
import { importUsers } from './run-import.ts';
import { readFirebase, readHashConfig } from './sources/firebase-source.ts';
import { groupSlug, readKeycloak } from './sources/keycloak-source.ts';
import { fixture, freshDatabaseEach, NOW } from './test-kit.ts';

const SIGNER_KEY = 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==';

describe('the Firebase and Keycloak readers', () => {
  it('Firebase: every stored hash carries the project parameters, in the scrypt_firebase order', () => {
    const read = readFirebase(fixture('firebase.json'), fixture('firebase-hash-config.txt'));
    expect(read.errors).toEqual([]);
    const [first] = read.records as ImportRecord[];
    expect(first?.password).toEqual({
      value: [
        'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
        '42xEC+ixf3L2lw==',
        SIGNER_KEY,
        'Bw==',
        8,
        14,
      ].join('$'),
      hasher: 'scrypt_firebase',
    });
  });

  it('Firebase CSV (no header, columns by position): the same records as the JSON form, with their lines', () => {
    const config = fixture('firebase-hash-config.txt');
    const csv = readFirebase(fixture('firebase.csv'), config);
    const json = readFirebase(fixture('firebase.json'), config);
    expect(csv.errors).toEqual([]);
    const [first, second, third] = csv.records as ImportRecord[];
    const [jsonFirst] = json.records as ImportRecord[];
    expect(first).toEqual({ ...jsonFirst, line: 1 });
    expect(second).toMatchObject({
      line: 2,
      name: 'User Two, Jr.',
      password: null,
      accounts: [
        { providerId: 'google', accountId: '110248495921238986420' },
        { providerId: 'github', accountId: '1002' },
      ],
    });
    expect(third).toMatchObject({ line: 3, email: null, skip: 'no email: not imported' });
  });

  it('Firebase CSV: a malformed row and a bad email-verified cell are errors of their record, with its line', () => {
    const rows = fixture('firebase.csv').trimEnd().split('\n');
    const content = [rows[1]?.replace(',true,', ',yes,'), '"unbalanced,quote'].join('\n');
    const read = readFirebase(content, undefined);
    expect(read.records).toMatchObject([
      { record: 1, line: 1, problems: ['email verified is not true or false'] },
      { record: 2, line: 2, unreadable: expect.stringMatching(/^malformed CSV: /) },
    ]);
  });

  it('Firebase hash config: the console block or JSON; a missing key or another algorithm refused', () => {
    const json = JSON.stringify({
      algorithm: 'SCRYPT',
      base64_signer_key: SIGNER_KEY,
      base64_salt_separator: 'Bw==',
      rounds: 8,
      mem_cost: 14,
    });
    const expected = {
      ok: true,
      config: { signerKey: SIGNER_KEY, saltSeparator: 'Bw==', rounds: 8, memCost: 14 },
    };
    expect(readHashConfig(fixture('firebase-hash-config.txt'))).toEqual(expected);
    expect(readHashConfig(json)).toEqual(expected);
    expect(
      readHashConfig(fixture('firebase-hash-config.txt').replace(/ *base64_signer_key.*\n/, '')),
    ).toEqual({
      ok: false,
      message: 'hash config lacks base64_signer_key',
    });
    expect(readHashConfig(json.replace('SCRYPT', 'HMAC_SHA256'))).toEqual({
      ok: false,
      message: 'HMAC_SHA256 is not supported for passwords',
    });
  });

  it('Keycloak: PBKDF2 credentials in the pbkdf2_keycloak form, the first password credential, slugs of group names', () => {
    const realm = JSON.parse(fixture('keycloak-realm.json'));
    const read = readKeycloak([{ name: 'keycloak-realm.json', content: fixture('keycloak-realm.json') }]);
    const [alice, bob] = read.records as ImportRecord[];
    const secret = (index: number, credential: number) =>
      JSON.parse(realm.users[index].credentials[credential].secretData);
    expect(alice?.password).toEqual({
      value: ['pbkdf2-sha256', 27500, secret(0, 0).salt, secret(0, 0).value].join('$'),
      hasher: 'pbkdf2_keycloak',
    });
    expect(bob?.password).toEqual({
      value: ['pbkdf2-sha512', 210000, secret(1, 1).salt, secret(1, 1).value].join('$'),
      hasher: 'pbkdf2_keycloak',
    });
    expect(groupSlug(' Acme Corp. (EU) ')).toBe('acme-corp-eu');
  });

  it('Keycloak argon2 credentials: the additional parameters in the argon2_keycloak order', () => {
    const user = {
      email: 'argon@example.com',
      credentials: [
        {
          type: 'password',
          secretData: JSON.stringify({ value: 'aGFzaA==', salt: 'c2FsdA==', additionalParameters: {} }),
          credentialData: JSON.stringify({
            hashIterations: 3,
            algorithm: 'argon2',
            additionalParameters: {
              hashLength: ['32'],
              memory: ['7168'],
              type: ['id'],
              version: ['1.3'],
              parallelism: ['1'],
            },
          }),
        },
      ],
    };
    const [record] = readKeycloak([{ name: 'users.json', content: JSON.stringify({ users: [user] }) }])
      .records as ImportRecord[];
    expect(record?.password).toEqual({
      value: ['id', '1.3', '7168', 3, '1', '32', 'c2FsdA==', 'aGFzaA=='].join('$'),
      hasher: 'argon2_keycloak',
    });
  });
});

describe.each(testDialects())('importing from Firebase and Keycloak (%s)', (dialect) => {
  let database: AuthDatabase;
  freshDatabaseEach(dialect, (opened) => {
    database = opened;
  });

  async function users() {
    const rows = (await database.db.selectFrom('user').selectAll().orderBy('email').execute()) as Record<
      string,
      unknown
    >[];
    return rows.map((row) => [
      row.email,
      row.name,
      toBoolean(row.emailVerified as number),
      row.image,
      toIsoText(row.createdAt as string),
      toBoolean((row.banned ?? 0) as number),
    ]);
  }

  const socialAccounts = () =>
    database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['user.email', 'account.providerId', 'account.accountId'])
      .where('account.providerId', '!=', 'credential')
      .orderBy('user.email')
      .orderBy('account.providerId')
      .execute();

  it('Firebase users with password hashes but no --hash-config: the error, and nothing imported', async () => {
    const before = await snapshotDatabase(database);
    const summary = await importUsers(database, {
      format: 'firebase',
      file: 'users.json',
      content: fixture('firebase.json'),
    });
    expect(summary.ok).toBe(false);
    expect(summary.errors.map((e) => e.message)).toEqual([
      "firebase: users have password hashes: pass the project's hash parameters with --hash-config FILE",
    ]);
    expect(await snapshotDatabase(database)).toBe(before);
    const tenant = JSON.parse(fixture('firebase.json'));
    tenant.users[0].passwordHash = undefined;
    tenant.users[1].tenantId = 'tenant-1';
    const refused = await importUsers(database, {
      format: 'firebase',
      file: 'users.json',
      content: JSON.stringify(tenant),
    });
    expect(refused.errors.map((e) => e.message)).toEqual(['multi-tenant exports are not supported']);
  });

  it('Firebase users without passwords: names, photos, disabled users banned, provider entries as accounts', async () => {
    const document = JSON.parse(fixture('firebase.json'));
    document.users.shift();
    const summary = await importUsers(database, {
      format: 'firebase',
      file: 'users.json',
      content: JSON.stringify(document),
      now: () => NOW,
    });
    expect(summary).toMatchObject({
      ok: true,
      total: 2,
      created: 1,
      skipped: 1,
      accounts: { credential: 0, social: 2 },
    });
    expect(summary.warnings.map((w) => [w.record, w.message])).toEqual([[2, 'no email: not imported']]);
    expect(await users()).toEqual([
      ['user2@example.com', 'User Two', true, null, '2021-01-01T00:00:00.000Z', true],
    ]);
    expect(await socialAccounts()).toEqual([
      { email: 'user2@example.com', providerId: 'github', accountId: '1002' },
      { email: 'user2@example.com', providerId: 'google', accountId: '110248495921238986420' },
    ]);
  });

  it('a Firebase CSV export with --hash-config: users, hashes and accounts as written; a second run changes nothing', async () => {
    const input = {
      format: 'firebase' as const,
      file: 'users.csv',
      content: fixture('firebase.csv'),
      hashConfig: fixture('firebase-hash-config.txt'),
      now: () => NOW,
    };
    const summary = await importUsers(database, input);
    expect(summary).toMatchObject({
      ok: true,
      total: 3,
      created: 2,
      skipped: 1,
      accounts: { credential: 1, social: 2 },
      hashes: { scrypt_firebase: 1 },
    });
    expect(summary.warnings.map((w) => [w.record, w.line, w.message])).toEqual([
      [3, 3, 'no email: not imported'],
    ]);
    expect(await users()).toEqual([
      [
        'user1@example.com',
        'User One',
        true,
        'https://lh3.googleusercontent.com/a/user1',
        '2021-03-04T05:06:07.000Z',
        false,
      ],
      ['user2@example.com', 'User Two, Jr.', true, null, '2021-01-01T00:00:00.000Z', false],
    ]);
    expect(await socialAccounts()).toEqual([
      { email: 'user2@example.com', providerId: 'github', accountId: '1002' },
      { email: 'user2@example.com', providerId: 'google', accountId: '110248495921238986420' },
    ]);
    const before = await snapshotDatabase(database);
    expect(await importUsers(database, input)).toMatchObject({
      ok: true,
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('a Firebase CSV export with password hashes but no --hash-config is refused, nothing written', async () => {
    const before = await snapshotDatabase(database);
    const summary = await importUsers(database, {
      format: 'firebase',
      file: 'users.csv',
      content: fixture('firebase.csv'),
    });
    expect(summary.ok).toBe(false);
    expect(summary.errors.map((e) => e.message)).toEqual([
      "firebase: users have password hashes: pass the project's hash parameters with --hash-config FILE",
    ]);
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('Keycloak realm: top-level groups as organizations with owners and admins from subgroups, identities, disabled users', async () => {
    const summary = await importUsers(database, {
      format: 'keycloak',
      file: 'realm.json',
      content: fixture('keycloak-realm.json'),
      now: () => NOW,
    });
    expect(summary).toMatchObject({
      ok: true,
      total: 3,
      created: 2,
      skipped: 1,
      accounts: { credential: 2, social: 1 },
      hashes: { pbkdf2_keycloak: 2 },
      organizations: { created: 2, members: 3 },
    });
    expect(await users()).toEqual([
      ['alice@example.com', 'Alice Archer', true, null, '2021-03-04T05:06:07.000Z', false],
      ['bob@example.com', 'bob', false, null, '2021-01-01T00:00:00.000Z', true],
    ]);
    expect(await socialAccounts()).toEqual([
      { email: 'alice@example.com', providerId: 'github', accountId: '1001' },
    ]);
    const members = await database.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.name', 'organization.slug', 'user.email', 'member.role'])
      .orderBy('organization.slug')
      .orderBy('user.email')
      .execute();
    // Alice is in owners and engineering: the higher role wins.
    expect(members).toEqual([
      { name: 'Acme Corp', slug: 'acme-corp', email: 'alice@example.com', role: 'owner' },
      { name: 'Acme Corp', slug: 'acme-corp', email: 'bob@example.com', role: 'admin' },
      { name: 'Globex', slug: 'globex', email: 'bob@example.com', role: 'member' },
    ]);
  });

  it('a Keycloak directory export: groups from the realm file, users from every users file', async () => {
    const realm = JSON.parse(fixture('keycloak-realm.json'));
    const { users: all, ...realmOnly } = realm;
    const summary = await importUsers(database, {
      format: 'keycloak',
      file: 'export/',
      content: '',
      files: [
        { name: 'acme-realm-realm.json', content: JSON.stringify(realmOnly) },
        {
          name: 'acme-realm-users-0.json',
          content: JSON.stringify({ realm: 'acme-realm', users: all.slice(0, 1) }),
        },
        {
          name: 'acme-realm-users-1.json',
          content: JSON.stringify({ realm: 'acme-realm', users: all.slice(1) }),
        },
      ],
    });
    expect(summary).toMatchObject({
      ok: true,
      total: 3,
      created: 2,
      organizations: { created: 2, members: 3 },
    });
  });
});
