import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server.ts';

describe.each(testDialects())('additional user fields (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      user: {
        additionalFields: {
          nickname: { type: 'string', required: true },
          plan: { type: 'string', defaultValue: 'free', input: false },
          age: { type: 'number', required: false },
          newsletter: { type: 'boolean', defaultValue: false },
          internalNote: { type: 'string', required: false, returned: false },
        },
      },
    });
  });
  afterAll(() => server.close());

  const signUp = (email: string, extra: Record<string, unknown>) =>
    server.client().post('/sign-up/email', { name: 'F', email, password: 'long enough pw', ...extra });

  it('stores declared fields and returns them, defaults applied, unreturned ones hidden', async () => {
    const response = await signUp('fields@example.com', {
      nickname: 'fi',
      age: 33,
      newsletter: true,
      internalNote: 'vip',
    });
    expect(response.status).toBe(200);
    const { user } = await response.json();
    expect(user).toMatchObject({ nickname: 'fi', plan: 'free', age: 33, newsletter: true });
    expect(user).not.toHaveProperty('internalNote');
    const row = await server.database.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ internalNote: 'vip' });
  });

  it('answers 400 MISSING_FIELD "{field} is required" for a missing required field, creating nothing', async () => {
    const response = await signUp('missing@example.com', {});
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'MISSING_FIELD',
      message: 'nickname is required',
    });
    expect(
      await server.database.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', 'missing@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('drops a value for a field not accepted as input and applies its default', async () => {
    const response = await signUp('sneaky@example.com', { nickname: 'sn', plan: 'enterprise' });
    expect(response.status).toBe(200);
    expect((await response.json()).user.plan).toBe('free');
  });

  it('refuses a value of the wrong type with 400 VALIDATION_ERROR', async () => {
    const response = await signUp('typed@example.com', { nickname: 'ty', age: 'old' });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
    });
  });

  it('returns the fields from get-session, cached and uncached', async () => {
    const client = server.client();
    await client.post('/sign-up/email', {
      name: 'G',
      email: 'session-fields@example.com',
      password: 'long enough pw',
      nickname: 'gs',
    });
    for (const path of ['/get-session', '/get-session?disableCookieCache=true']) {
      const { user } = await (await client.get(path)).json();
      expect(user).toMatchObject({ nickname: 'gs', plan: 'free', newsletter: false, age: null });
      expect(user).not.toHaveProperty('internalNote');
    }
  });
});
