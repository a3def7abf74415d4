import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCopy, storageBackends } from '../testing/shared-storage.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe.each(storageBackends())('revocations shared between server copies (%s)', (_, createStorage) => {
  const storage = createStorage();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { storage });
  });
  afterAll(async () => {
    await server.close();
    await storage.close?.();
  });

  it('a session revoked through one copy is refused by another copy’s cookie cache at once', async () => {
    const { auth: other, assertConforms } = await secondCopy(server, storage);
    const laptop = server.client();
    const phone = server.client();
    const { user } = await laptop.signUp('shared@example.com');
    await phone.signIn(user.email);
    const askOther = async () => {
      const response = await other.handler(
        new Request(`${server.url}/api/auth/get-session`, { headers: { cookie: phone.jar.header() } }),
      );
      return response.json();
    };
    expect(await askOther()).not.toBeNull();
    await laptop.post('/revoke-other-sessions');
    expect(await askOther()).toBeNull();
    assertConforms();
  });
});
