import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { deleteAccount, listUserAccounts } from './social-account.repository.ts';

/**
 * POST /unlink-account (docs/protocol/social.md#unlink-account), recent sign-in only. The last-account guard
 * comes first, so it answers even for an unknown id: nobody can lock themselves out of their own user.
 */
export const unlinkAccount = defineEndpoint({
  name: 'unlinkAccount',
  method: 'POST',
  path: '/unlink-account',
  summary: 'Unlink a provider account from the caller',
  description:
    'Never the last account: a user keeps at least one way to sign in. Needs a recent sign-in (or re-authentication).',
  body: z.object({ accountId: z.string().min(1).max(256) }),
  requires: 'recent',
  response: statusJson,
  errors: ['FAILED_TO_UNLINK_LAST_ACCOUNT', 'ACCOUNT_NOT_FOUND'],
  async handler({ auth, request, body, session: { user } }) {
    const accounts = await listUserAccounts(auth.db, user.id);
    if (accounts.length === 1 && !auth.options.account.linking.allowUnlinkingAll) {
      throw new AuthError('FAILED_TO_UNLINK_LAST_ACCOUNT');
    }
    const account = accounts.find((a) => a.id === body.accountId);
    if (!account) throw new AuthError('ACCOUNT_NOT_FOUND');
    await deleteAccount(auth.db, account.id);
    await auth.audit.record(request, {
      type: 'account.unlinked',
      target: { type: 'account', id: account.id },
      metadata: { provider: account.providerId },
    });
    return { status: true };
  },
});
