import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { errorOf, startTestServer } from '../../testing/test-server.ts';

describe('email + password failure paths', () => {
  it('sign-up answers 422 FAILED_TO_CREATE_USER when storage fails, leaving no half-created user', async () => {
    const server = await startTestServer();
    await sql`drop table account`.execute(server.database.db);
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'H', email: 'half@example.com', password: 'long enough pw' });
    expect(await errorOf(response)).toEqual({
      status: 422,
      code: 'FAILED_TO_CREATE_USER',
      message: 'Failed to create user',
    });
    const user = await server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'half@example.com')
      .executeTakeFirst();
    expect(user).toBeUndefined();
    await server.close();
  });

  it('sign-in answers 401 FAILED_TO_CREATE_SESSION when the session cannot be stored', async () => {
    const server = await startTestServer();
    await server.client().signUp('nosession@example.com');
    await sql`drop table session`.execute(server.database.db);
    const response = await server
      .client()
      .post('/sign-in/email', { email: 'nosession@example.com', password: 'correct horse battery' });
    expect(await errorOf(response)).toEqual({
      status: 401,
      code: 'FAILED_TO_CREATE_SESSION',
      message: 'Failed to create session',
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    await server.close();
  });

  it('sign-in answers 400 EMAIL_PASSWORD_DISABLED when email + password is off', async () => {
    const server = await startTestServer('sqlite', { emailAndPassword: { enabled: false } });
    const response = await server
      .client()
      .post('/sign-in/email', { email: 'a@example.com', password: 'long enough pw' });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'EMAIL_PASSWORD_DISABLED',
      message: 'Email and password is not enabled',
    });
    await server.close();
  });
});
