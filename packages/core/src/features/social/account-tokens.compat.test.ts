import {
  symmetricDecrypt as betterAuthDecrypt,
  symmetricEncrypt as betterAuthEncrypt,
} from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.ts';
import { present } from '../../testing/present.ts';
import { openToken, sealToken } from './account-tokens.ts';
import { resolveAccountOptions } from './social-options.ts';

const SECRET = 'shared-secret-between-better-auth-and-gatehouse';
const auth = {
  options: { secret: SECRET, account: resolveAccountOptions({ encryptOAuthTokens: true }) },
} as unknown as AuthContext;

// A database shared with Better Auth must read both ways (docs/protocol/social.md#encryption-format,
// docs/protocol/social.md#token-encryption-at-rest).
describe('encrypted provider tokens are interchangeable with Better Auth 1.7', () => {
  it('Better Auth decrypts a token Gatehouse sealed', async () => {
    const sealed = present(sealToken(auth, 'gho_16C7e42F292c6912E7710c838347Ae178B4a'));
    expect(await betterAuthDecrypt({ key: SECRET, data: sealed })).toBe(
      'gho_16C7e42F292c6912E7710c838347Ae178B4a',
    );
  });

  it('Gatehouse opens a token Better Auth encrypted', async () => {
    const sealed = await betterAuthEncrypt({ key: SECRET, data: 'ya29.a0AfH6SMB-refresh' });
    expect(openToken(auth, sealed)).toBe('ya29.a0AfH6SMB-refresh');
  });
});
