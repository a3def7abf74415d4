import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { AdditionalFields } from '../user/additional-fields.ts';
import { DecodedSessions, decodeSessionRow } from './decoded-sessions.ts';
import { SESSION_COLUMNS, type SessionWithUserRow } from './session.repository.ts';

const fields: AdditionalFields = {
  nickname: { type: 'string', required: false },
  banned: { type: 'boolean', required: false },
};

/** A joined row as get-session's query answers it on SQLite: session columns under `s_`, then the user. */
const joinedRow = () =>
  ({
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    emailVerified: 1,
    image: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    nickname: 'ada',
    banned: 0,
    s_id: 's1',
    s_token: 'token-1',
    s_userId: 'u1',
    s_expiresAt: '2026-12-01T10:00:00.000Z',
    s_createdAt: '2026-11-20T10:00:00.000Z',
    s_updatedAt: '2026-11-21T10:00:00.000Z',
    s_ipAddress: '127.0.0.1',
    s_userAgent: 'test',
    s_impersonatedBy: null,
    s_authenticatedAt: null,
  }) as SessionWithUserRow & Record<string, unknown>;

describe('decoded session rows', () => {
  it('decodes as before: the session, the user and the get-session answer', () => {
    const decoded = decodeSessionRow(joinedRow(), SESSION_COLUMNS, fields);
    expect(decoded.session).toMatchObject({
      token: 'token-1',
      expiresAt: new Date('2026-12-01T10:00:00.000Z'),
    });
    expect(decoded.user).toMatchObject({
      emailVerified: true,
      additional: { nickname: 'ada', banned: false },
    });
    expect(JSON.parse(decoded.body)).toEqual({
      session: {
        id: 's1',
        token: 'token-1',
        userId: 'u1',
        expiresAt: '2026-12-01T10:00:00.000Z',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
        ipAddress: '127.0.0.1',
        userAgent: 'test',
        impersonatedBy: null,
      },
      user: {
        id: 'u1',
        name: 'Ada',
        email: 'ada@example.com',
        emailVerified: true,
        image: null,
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
        nickname: 'ada',
        banned: false,
      },
    });
  });

  it('reuses the decoded form for a new row holding the same values', () => {
    const sessions = new DecodedSessions(SESSION_COLUMNS, fields);
    const first = sessions.decode('token-1', joinedRow());
    expect(sessions.decode('token-1', joinedRow())).toBe(first);
  });

  it.each(Object.keys(joinedRow()))('decodes again when %s changes, and answers the new value', (column) => {
    const sessions = new DecodedSessions(SESSION_COLUMNS, fields);
    const first = sessions.decode('token-1', joinedRow());
    const changed = {
      ...joinedRow(),
      [column]: column.endsWith('At') ? '2027-01-01T00:00:00.000Z' : 'changed',
    };
    const second = sessions.decode('token-1', changed);
    expect(second).not.toBe(first);
    expect(second).toEqual(decodeSessionRow(changed, SESSION_COLUMNS, fields));
    // And the changed row is now the one remembered.
    expect(sessions.decode('token-1', { ...changed })).toBe(second);
  });

  it('decodes again when the row gains a column or loses one', () => {
    const sessions = new DecodedSessions(SESSION_COLUMNS, fields);
    const first = sessions.decode('token-1', joinedRow());
    const widerRow = { ...joinedRow(), lastSeenAt: '2026-11-27T00:00:00.000Z' };
    const wider = sessions.decode('token-1', widerRow);
    expect(wider).not.toBe(first);
    expect(wider).toEqual(first);
    const { nickname: _, ...narrower } = joinedRow();
    const third = sessions.decode('token-1', narrower);
    expect(third).not.toBe(wider);
    expect(third.user.additional.nickname).toBeNull();
  });

  it('never reuses a value that is not equal to itself by ===: Dates (PostgreSQL) and NaN', () => {
    const sessions = new DecodedSessions(SESSION_COLUMNS, fields);
    const withDate = () => ({ ...joinedRow(), s_expiresAt: new Date('2026-12-01T10:00:00.000Z') });
    const first = sessions.decode('token-1', withDate());
    const second = sessions.decode('token-1', withDate());
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('keeps each token to its own rows', () => {
    const sessions = new DecodedSessions(SESSION_COLUMNS, fields);
    const first = sessions.decode('token-1', joinedRow());
    expect(sessions.decode('token-2', joinedRow())).not.toBe(first);
  });

  it('freezes what it shares between requests', () => {
    const { session, user, body } = new DecodedSessions(SESSION_COLUMNS, fields).decode(
      'token-1',
      joinedRow(),
    );
    expect(body).toContain('token-1');
    expect(() => {
      (session as { userId: string }).userId = 'someone-else';
    }).toThrow(TypeError);
    expect(() => {
      (user as { email: string }).email = 'someone@example.com';
    }).toThrow(TypeError);
    expect(() => {
      user.additional.banned = true;
    }).toThrow(TypeError);
  });
});

describe.each(testDialects())(
  'get-session without the cookie cache sees every change to its row (%s)',
  (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { session: { cookieCache: { enabled: false } } });
    });
    afterAll(() => server.close());

    const read = async (client: ReturnType<TestServer['client']>) => {
      const response = await client.get('/get-session');
      expect(response.status).toBe(200);
      return (await response.json()) as {
        session: { token: string; expiresAt: string };
        user: { name: string };
      } | null;
    };

    it('answers a change made straight in the database, and an expiry, on the next read', async () => {
      const client = server.client();
      const { user } = await client.signUp('row-changes@example.com', 'correct horse battery', 'Before');
      const first = await read(client);
      expect(first?.user.name).toBe('Before');
      expect(await read(client)).toEqual(first);

      await server.database.db.updateTable('user').set({ name: 'After' }).where('id', '=', user.id).execute();
      const renamed = await read(client);
      expect(renamed?.user.name).toBe('After');
      expect(renamed?.session).toEqual(first?.session);

      // Less than the update age since it was issued, so the read does not extend it.
      const { expiresIn } = server.auth.options.session;
      const later = new Date(server.clock.now() + expiresIn * 1000 - 60_000).toISOString();
      await server.database.db
        .updateTable('session')
        .set({ expiresAt: later })
        .where('userId', '=', user.id)
        .execute();
      expect((await read(client))?.session.expiresAt).toBe(later);

      const past = new Date(server.clock.now() - 1000).toISOString();
      await server.database.db
        .updateTable('session')
        .set({ expiresAt: past })
        .where('userId', '=', user.id)
        .execute();
      expect(await read(client)).toBeNull();
    });

    it('answers null at once for a session deleted in the database', async () => {
      const client = server.client();
      const { user } = await client.signUp('row-deleted@example.com');
      expect((await read(client))?.user.name).toBe('Test User');
      await server.database.db.deleteFrom('session').where('userId', '=', user.id).execute();
      expect(await read(client)).toBeNull();
    });
  },
);
