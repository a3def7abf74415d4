import { z } from 'zod';
import { toIsoText } from '../../db/schema.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { listUserAccounts, scopesOf } from './social-account.repository.ts';

/**
 * GET /list-accounts (docs/protocol/social.md#list-accounts): every account of the caller, the credential one
 * included, without tokens, password or expiries; `scopes` as a list.
 */
export const listAccounts = defineEndpoint({
  name: 'listUserAccounts',
  method: 'GET',
  path: '/list-accounts',
  summary: "List the caller's accounts",
  description: 'Every account, the password one included, without tokens or password; `scopes` as a list.',
  requires: 'session',
  response: z.array(
    z.object({
      accountId: z.string(),
      providerId: z.string(),
      userId: z.string(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
      id: z.string(),
      scopes: z.array(z.string()),
    }),
  ),
  errors: [],
  async handler({ auth, session: { user } }) {
    const rows = await listUserAccounts(auth.db, user.id);
    return rows.map((row) => ({
      accountId: row.accountId,
      providerId: row.providerId,
      userId: row.userId,
      createdAt: toIsoText(row.createdAt),
      updatedAt: toIsoText(row.updatedAt),
      id: row.id,
      scopes: scopesOf(row.scope),
    }));
  },
});
