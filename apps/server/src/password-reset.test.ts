import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, mailTo, type Product, startProduct } from './testing/mail-product.ts';

/**
 * The product's password reset (packages/core/src/features/password-reset/README.md): "I forgot my
 * password" is the recovery path after a compromise, so it ends every session of the account.
 */
describe('password reset in the product', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ ADMIN_EMAILS: 'boss@corp.example' });
  });
  afterAll(() => product.close());

  it('ends every session, so a squatter of a listed address never becomes its admin', async () => {
    const email = 'boss@corp.example';
    const attacker = browser(product, 'attacker');
    expect(
      (await attacker.call('/sign-up/email', { email, password: 'attacker password 1', name: 'A' })).status,
    ).toBe(200);
    const attackerSession = async () => (await attacker.call('/get-session')).json();
    expect((await attackerSession()).user.email).toBe(email);

    // The owner finds the address taken, asks for a reset, and sets a password of their own.
    const owner = browser(product, 'owner');
    const taken = await owner.call('/sign-up/email', { email, password: 'owner password 1', name: 'B' });
    expect(((await taken.json()) as { code: string }).code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect((await owner.call('/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
    const mail = await mailTo(product, email, 'Reset your password');
    const link = mail.links.find((l) => l.includes('/reset-password/')) ?? '';
    const token = new URL(link).pathname.split('/').pop();
    const reset = await owner.call('/reset-password', { token, newPassword: 'owner password 1' });
    expect(reset.status).toBe(200);

    expect(await attackerSession()).toBeNull();
    expect((await attacker.call('/admin/list-users')).status).toBe(401);
    expect((await attacker.call('/sign-in/email', { email, password: 'attacker password 1' })).status).toBe(
      401,
    );
  });
});
