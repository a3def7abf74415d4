/**
 * The provider-account routes against signed-out callers and bad input: malformed JSON, a body of
 * the wrong type, missing fields, wrong types and oversized values all answer 400 and change no
 * account row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient } from '../../testing/test-server.ts';
import { type SocialServer, socialSignIn, startSocialServer } from './social-test-kit.ts';

const LONG = 'x'.repeat(5000);

/** POST routes that pick one of the caller's accounts by id. */
const POSTS = ['/unlink-account', '/get-access-token', '/refresh-token'];

/**
 * What a signed-out caller gets (docs/protocol/social.md#choosing-an-account). All answer JSON; the
 * token routes' 401 is empty in 1.7 (docs/api.md#bad-input).
 */
const SIGNED_OUT: [method: 'GET' | 'POST', path: string, code: string][] = [
  ['GET', '/list-accounts', 'UNAUTHORIZED'],
  ['POST', '/link-social', 'UNAUTHORIZED'],
  ['POST', '/unlink-account', 'UNAUTHORIZED'],
  ['GET', '/account-info?accountId=x', 'UNAUTHORIZED'],
  ['POST', '/get-access-token', 'UNAUTHORIZED'],
  ['POST', '/refresh-token', 'UNAUTHORIZED'],
];

describe.each(testDialects())('provider-account routes: signed out and bad input (%s)', (dialect) => {
  let social: SocialServer;
  let client: TestClient;
  beforeAll(async () => {
    social = await startSocialServer(dialect, { account: { encryptOAuthTokens: true } });
    client = social.server.client();
    await socialSignIn(client, 'alice');
  });
  afterAll(() => social.close());

  /** Every account row with its tokens, so any write shows. */
  const accounts = async () =>
    JSON.stringify(await social.server.database.db.selectFrom('account').selectAll().orderBy('id').execute());

  it.each(SIGNED_OUT)('%s %s signed out answers 401 %s', async (method, path, code) => {
    const body = path === '/link-social' ? { provider: 'oidc' } : { accountId: 'x' };
    const response = await social.server.client().request(method, path, method === 'POST' ? body : undefined);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code, message: 'Unauthorized' });
  });

  it.each(POSTS)('POST %s refuses bad bodies with 400 and changes no account', async (path) => {
    const before = await accounts();
    const malformed = await client.post(path, undefined, {
      raw: '{"accountId": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    for (const bad of [
      ['not', 'an', 'object'],
      {},
      { accountId: 5 },
      { accountId: '' },
      { accountId: LONG },
    ]) {
      expect(await errorOf(await client.post(path, bad))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await accounts()).toBe(before);
  });

  it.each(['', '?accountId=', `?accountId=${LONG}`, '?accountId=a&extra=1'])(
    'GET /account-info%s refuses a bad query with 400 VALIDATION_ERROR',
    async (query) => {
      expect(await errorOf(await client.get(`/account-info${query}`))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    },
  );
});
