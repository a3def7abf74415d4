import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { seedUser } from '../admin/test-kit.ts';
import { passkeyRows, registered, registerOptions, startPasskeyServer } from './test-kit.ts';

const REFUSED = {
  status: 403,
  code: 'PASSKEY_REGISTRATION_WHILE_IMPERSONATING',
  message: 'Passkeys cannot be added while impersonating a user',
};

describe.each(testDialects())('passkeys while an admin impersonates (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPasskeyServer(dialect, { admin: { enabled: true } });
  });
  afterAll(() => server.close());

  it('an admin acting as a person cannot add a passkey to their account; the person still can', async () => {
    const person = await registered(server);
    const admin = await seedUser(server, { role: 'admin' });
    const browser = server.client();
    await browser.signIn(admin.email);
    expect((await browser.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);

    expect(await errorOf(await browser.get('/passkey/generate-register-options'))).toEqual(REFUSED);
    // Even with a ceremony the person started themselves, the answer is refused before it is read.
    const options = await registerOptions(person.client);
    const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
    expect(await errorOf(await browser.post('/passkey/verify-registration', { response }))).toEqual(REFUSED);
    expect(await passkeyRows(server, person.userId)).toHaveLength(1);

    // Listing, as the person would see it, stays open to the admin.
    expect((await browser.get('/passkey/list-user-passkeys')).status).toBe(200);
  });
});
