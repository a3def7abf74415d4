import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { jpegHeader, pngHeader, pngImage, webpHeader } from '../../testing/test-images.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { MAX_AVATAR_BYTES } from './upload-avatar.ts';

describe.each(testDialects())('avatar upload (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async () => {
    const client = server.client();
    await client.signUp(`avatar${++n}@example.com`);
    return client;
  };
  const me = async (client: TestClient) => (await (await client.get('/get-session')).json()).user;

  /** Sends bytes as a browser's fetch would: the session cookie, the app's Origin, the file's type. */
  const upload = (
    client: TestClient,
    bytes: Uint8Array | ReadableStream<Uint8Array>,
    type: string | null,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.url}/api/auth/avatar`, {
      method: 'POST',
      headers: {
        cookie: client.jar.header(),
        origin: server.url,
        ...(type ? { 'content-type': type } : {}),
        ...headers,
      },
      body: bytes,
      ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit).then((response) => {
      client.jar.store(response);
      return response;
    });
  /** Chunked upload (no Content-Length) through node:http on a connection that is not reused. */
  const streamChunks = (client: TestClient, count: number, size: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const chunk = new Uint8Array(size);
      chunk.set(pngHeader(10, 10));
      const req = httpRequest(
        `${server.url}/api/auth/avatar`,
        {
          method: 'POST',
          agent: false,
          headers: { cookie: client.jar.header(), origin: server.url, 'content-type': 'image/png' },
        },
        (res) => {
          let body = '';
          res.on('data', (data) => {
            body += data;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      // Writing on after the server has answered may fail; the answer is what is tested.
      req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
      for (let sent = 0; sent < count; sent++) req.write(chunk);
      req.end();
    });
  const stored = async () =>
    (await server.database.db.selectFrom('avatar').select(['userId', 'version']).execute()).length;

  it('stores a PNG, points user.image at it, and serves it with its type, no sniffing and no script', async () => {
    const client = await signedUp();
    const image = pngImage(2, 3);
    const response = await upload(client, image, 'image/png');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: true,
      image: expect.stringMatching(/\/api\/auth\/avatar\/[^/?]+\?v=[\w-]{16}$/),
    });
    // The cookie cache is re-issued, so the session shows the new image at once.
    expect((await me(client)).image).toBe(body.image);

    const served = await fetch(body.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);

    // Without the version the picture may change, so caches revalidate with the ETag.
    const unversioned = await fetch(body.image.replace(/\?.*$/, ''));
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = unversioned.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const revalidated = await fetch(body.image, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('takes JPEG and WebP by their headers, and a new picture gets a new URL', async () => {
    const client = await signedUp();
    const jpeg = await (await upload(client, jpegHeader(640, 480), 'image/jpeg')).json();
    const webp = await (await upload(client, webpHeader(4096, 4096), 'image/webp')).json();
    expect(webp.image).not.toBe(jpeg.image);
    expect((await fetch(webp.image)).headers.get('content-type')).toBe('image/webp');
    expect((await me(client)).image).toBe(webp.image);
  });

  it('answers 415 for a type other than PNG, JPEG or WebP, or none, and stores nothing', async () => {
    const client = await signedUp();
    const before = await stored();
    for (const type of ['image/svg+xml', 'text/html', 'image/gif', 'application/json', null]) {
      const error = await errorOf(await upload(client, pngImage(1, 1), type));
      expect(error.status).toBe(415);
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toContain('Allowed types: image/png, image/jpeg, image/webp');
    }
    expect(await stored()).toBe(before);
    expect((await me(client)).image).toBeNull();
  });

  it('refuses bytes that are not the declared type: disguised SVG or HTML, another format, junk', async () => {
    const client = await signedUp();
    const before = await stored();
    const disguised: [Uint8Array, string, string][] = [
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
        'PNG',
      ],
      [new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'image/jpeg', 'JPEG'],
      [pngImage(1, 1), 'image/jpeg', 'JPEG'],
      [jpegHeader(10, 10), 'image/webp', 'WEBP'],
      [pngHeader(10, 10).subarray(0, 20), 'image/png', 'PNG'],
      [pngHeader(0, 10), 'image/png', 'PNG'],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image/jpeg', 'JPEG'],
    ];
    for (const [bytes, type, name] of disguised) {
      expect(await errorOf(await upload(client, bytes, type))).toEqual({
        status: 400,
        code: 'AVATAR_NOT_AN_IMAGE',
        message: `The file is not a ${name} image`,
      });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses an image over 4096 pixels on a side', async () => {
    const client = await signedUp();
    for (const bytes of [pngHeader(4097, 10), jpegHeader(10, 5000), webpHeader(4097, 1)]) {
      const type = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : 'image/webp';
      expect(await errorOf(await upload(client, bytes, type))).toEqual({
        status: 400,
        code: 'AVATAR_TOO_LARGE',
        message: 'The image is larger than 4096×4096 pixels',
      });
    }
  });

  it('answers 400 AVATAR_EMPTY for an empty body', async () => {
    const client = await signedUp();
    expect(await errorOf(await upload(client, new Uint8Array(0), 'image/png'))).toEqual({
      status: 400,
      code: 'AVATAR_EMPTY',
      message: 'No image was sent',
    });
  });

  it('just under the limit is fine', async () => {
    const client = await signedUp();
    const bytes = new Uint8Array(MAX_AVATAR_BYTES);
    bytes.set(pngHeader(10, 10));
    expect((await upload(client, bytes, 'image/png')).status).toBe(200);
  });

  it('answers 413 over 1 MiB, whether declared or only found while streaming', async () => {
    const client = await signedUp();
    const big = new Uint8Array(MAX_AVATAR_BYTES + 1);
    big.set(pngHeader(10, 10));
    expect((await errorOf(await upload(client, big, 'image/png'))).code).toBe('PAYLOAD_TOO_LARGE');
    // No Content-Length: a chunked stream that only turns out too large as it arrives. Sent on a
    // connection of its own, as the server answers before reading it all and then closes it.
    const answer = await streamChunks(client, 5, 256 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    expect((await me(client)).image).toBeNull();
  });

  it('answers 401 without a session, and 403 from a foreign origin, storing nothing', async () => {
    const before = await stored();
    const anonymous = server.client();
    expect((await errorOf(await upload(anonymous, pngImage(1, 1), 'image/png'))).status).toBe(401);
    const client = await signedUp();
    const forged = await upload(client, pngImage(1, 1), 'image/png', { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await stored()).toBe(before);
    expect((await me(client)).image).toBeNull();
  });

  it('touches only the caller’s own avatar; anyone may view one; an unknown user’s is 404', async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const aliceImage = (await (await upload(alice, pngImage(1, 1, [255, 0, 0]), 'image/png')).json()).image;
    await upload(bob, pngImage(1, 1, [0, 255, 0]), 'image/png');
    await bob.post('/avatar/remove');
    expect((await me(bob)).image).toBeNull();
    expect((await me(alice)).image).toBe(aliceImage);
    expect((await fetch(aliceImage)).status).toBe(200);
    expect(await errorOf(await fetch(`${server.url}/api/auth/avatar/no-such-user`))).toEqual({
      status: 404,
      code: 'AVATAR_NOT_FOUND',
      message: 'No avatar for this user',
    });
  });

  it('remove deletes the picture and clears user.image; an image URL set another way stays', async () => {
    const client = await signedUp();
    const { image } = await (await upload(client, pngImage(1, 1), 'image/png')).json();
    const removed = await client.post('/avatar/remove');
    expect(await removed.json()).toEqual({ status: true });
    expect((await me(client)).image).toBeNull();
    expect((await fetch(image)).status).toBe(404);
    // Again: harmless.
    expect((await client.post('/avatar/remove')).status).toBe(200);

    await client.post('/update-user', { image: 'https://img.example/me.png' });
    await client.post('/avatar/remove');
    expect((await me(client)).image).toBe('https://img.example/me.png');
    expect((await errorOf(await server.client().post('/avatar/remove'))).status).toBe(401);
  });

  it('the avatar goes with its user', async () => {
    const client = await signedUp();
    const { image } = await (await upload(client, pngImage(1, 1), 'image/png')).json();
    const userId = (await me(client)).id;
    await server.database.db.deleteFrom('session').where('userId', '=', userId).execute();
    await server.database.db.deleteFrom('account').where('userId', '=', userId).execute();
    await server.database.db.deleteFrom('user').where('id', '=', userId).execute();
    expect((await fetch(image)).status).toBe(404);
  });
});
