import { hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.ts';
import { symmetricDecrypt } from '../../crypto/encryption.ts';
import { present } from '../../testing/present.ts';
import { openToken, purposeKey, sealToken } from './account-tokens.ts';
import { resolveAccountOptions } from './social-options.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const authWith = (encryptOAuthTokens: boolean) =>
  ({
    options: { secret: SECRET, account: resolveAccountOptions({ encryptOAuthTokens }) },
  }) as unknown as AuthContext;

describe('provider tokens at rest', () => {
  it('encryption on: sealed as hex(nonce ‖ ciphertext ‖ tag) under the secret, opened back', () => {
    const auth = authWith(true);
    const sealed = present(sealToken(auth, 'ya29.access-token'));
    expect(sealed).toMatch(/^[0-9a-f]+$/);
    // 24-byte nonce + 17-byte plaintext + 16-byte tag.
    expect(sealed).toHaveLength((24 + 17 + 16) * 2);
    expect(symmetricDecrypt(SECRET, sealed)).toBe('ya29.access-token');
    expect(openToken(auth, sealed)).toBe('ya29.access-token');
  });

  it('encryption on: a value that does not look encrypted is returned as stored', () => {
    const auth = authWith(true);
    expect(openToken(auth, 'gho_plain_token')).toBe('gho_plain_token');
    expect(openToken(auth, 'abc')).toBe('abc');
  });

  it('encryption off: stored and read as is, hex included', () => {
    const auth = authWith(false);
    expect(sealToken(auth, 'deadbeef')).toBe('deadbeef');
    expect(openToken(auth, 'deadbeef')).toBe('deadbeef');
    expect(openToken(auth, null)).toBeUndefined();
  });

  it('purpose keys are HKDF-SHA256 over the secret with Better Auth’s salt and info, as 64 hex characters', () => {
    const key = purposeKey(SECRET, 'oauth-link-session-token');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const expected = Buffer.from(
      hkdfSync(
        'sha256',
        SECRET,
        'better-auth:oauth-encryption:v1',
        'better-auth:oauth-link-session-token:v1',
        32,
      ),
    ).toString('hex');
    expect(key).toBe(expected);
    expect(purposeKey(SECRET, 'oauth-state-cookie')).not.toBe(key);
  });
});
