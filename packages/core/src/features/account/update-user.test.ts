import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /update-user (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      user: {
        additionalFields: {
          locale: { type: 'string', required: false },
          plan: { type: 'string', defaultValue: 'free', input: false },
        },
      },
    });
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async () => {
    const client = server.client();
    await client.signUp(`profile${++n}@example.com`);
    return client;
  };
  const me = async (client: ReturnType<TestServer['client']>) =>
    (await (await client.get('/get-session')).json()).user;

  it('updates name, image and additional fields, re-issuing the cookie cache so the session shows them at once', async () => {
    const client = await signedUp();
    const before = await me(client);
    server.clock.advance(1);
    const response = await client.post('/update-user', {
      name: 'New Name',
      image: 'https://img.example/a.png',
      locale: 'fr',
    });
    expect(await response.json()).toEqual({ status: true });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data='))).toBe(true);
    const after = await me(client);
    expect(after).toMatchObject({
      name: 'New Name',
      image: 'https://img.example/a.png',
      locale: 'fr',
      email: before.email,
    });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
  });

  it('unsets the image with null', async () => {
    const client = await signedUp();
    await client.post('/update-user', { image: 'https://img.example/b.png' });
    await client.post('/update-user', { image: null });
    expect((await me(client)).image).toBeNull();
  });

  it('answers 400 EMAIL_CAN_NOT_BE_UPDATED for an email', async () => {
    const client = await signedUp();
    expect(await errorOf(await client.post('/update-user', { email: 'new@example.com' }))).toEqual({
      status: 400,
      code: 'EMAIL_CAN_NOT_BE_UPDATED',
      message: 'Email can not be updated',
    });
  });

  it('answers 400 NO_FIELDS_TO_UPDATE when nothing updatable is given, ignoring protected keys', async () => {
    const client = await signedUp();
    expect(await errorOf(await client.post('/update-user', {}))).toEqual({
      status: 400,
      code: 'NO_FIELDS_TO_UPDATE',
      message: 'No fields to update',
    });
    expect(
      (await errorOf(await client.post('/update-user', { emailVerified: true, id: 'x', plan: 'pro' }))).code,
    ).toBe('NO_FIELDS_TO_UPDATE');
    expect((await me(client)).emailVerified).toBe(false);
    expect((await me(client)).plan).toBe('free');
  });

  it('refuses wrong types and oversized values with 400 VALIDATION_ERROR, changing nothing', async () => {
    const client = await signedUp();
    expect((await errorOf(await client.post('/update-user', { name: 42 }))).code).toBe('VALIDATION_ERROR');
    expect((await errorOf(await client.post('/update-user', { name: 'x'.repeat(300) }))).code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await errorOf(await client.post('/update-user', { locale: 7 }))).code).toBe('VALIDATION_ERROR');
    expect((await me(client)).name).toBe('Test User');
  });

  it('needs a session', async () => {
    expect((await errorOf(await server.client().post('/update-user', { name: 'x' }))).status).toBe(401);
  });
});
