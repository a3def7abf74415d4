import type { AuthContext } from '../../context.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findUserById } from '../../user/user.repository.ts';
import type { User } from '../../user/user.ts';
import { deleteApiKey as deleteRow, findApiKeyById, listApiKeys } from './api-key.repository.ts';
import { successJson, userApiKeysJson } from './api-key-response-schemas.ts';
import { userKeyBody, userKeysQuery } from './api-key-schemas.ts';
import { answerOf } from './get-api-key.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';

const REFUSALS = {
  read: 'YOU_ARE_NOT_ALLOWED_TO_READ_USER_API_KEYS',
  delete: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USER_API_KEYS',
} as const satisfies Record<string, ErrorCode>;

/**
 * The admin's right first (the admin feature's check, `ports.adminRights`), then the user, 404
 * USER_NOT_FOUND as the other admin routes answer it (docs/protocol/admin.md#gatehouse-only-routes).
 */
async function userForAdmin(
  auth: AuthContext,
  admin: User,
  userId: string,
  action: keyof typeof REFUSALS,
): Promise<string> {
  if (!auth.ports.adminRights?.(auth, admin, { apiKey: [action] })) throw new AuthError(REFUSALS[action]);
  const row = await findUserById(auth.db, userId);
  if (!row) throw new AuthError('USER_NOT_FOUND', { status: 404 });
  return userId;
}

/**
 * GET /admin/list-user-api-keys?userId= (K14): a user's personal keys, never their secrets, for the
 * admin user page. Mounted with the admin feature only; sensitive, as every admin route, so a key
 * session is refused.
 */
export const adminListUserApiKeys = ({ sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'adminListUserApiKeys',
    method: 'GET',
    path: '/admin/list-user-api-keys',
    summary: "List a user's API keys",
    description:
      "Gatehouse only: the user's personal keys (admin `apiKey: read`), never the keys themselves.",
    query: userKeysQuery,
    requires: 'sensitive',
    response: userApiKeysJson,
    errors: [REFUSALS.read, ['USER_NOT_FOUND', 404]],
    noStore: true,
    async handler({ auth, query, session: { user } }) {
      await sweep(auth);
      const userId = await userForAdmin(auth, user, query.userId, 'read');
      const { rows } = await listApiKeys(auth.db, {
        referenceId: userId,
        ownerConfig: 'default',
        sortDirection: 'asc',
      });
      const apiKeys = [];
      for (const row of rows) apiKeys.push(await answerOf(auth, row));
      return { apiKeys };
    },
  });

/**
 * POST /admin/delete-user-api-key (K14): deletes one of the user's personal keys; a key that is not
 * that user's personal key is 404 KEY_NOT_FOUND, as the owner's own delete answers it. Recorded as
 * `api_key.deleted` with the admin as actor.
 */
export const adminDeleteUserApiKey = ({ sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'adminDeleteUserApiKey',
    method: 'POST',
    path: '/admin/delete-user-api-key',
    summary: "Delete a user's API key",
    description: "Gatehouse only: one of the user's personal keys (admin `apiKey: delete`).",
    body: userKeyBody,
    requires: 'sensitive',
    response: successJson,
    errors: [REFUSALS.delete, ['USER_NOT_FOUND', 404], 'KEY_NOT_FOUND'],
    async handler({ auth, request, body, session: { user } }) {
      await sweep(auth);
      const userId = await userForAdmin(auth, user, body.userId, 'delete');
      const row = await findApiKeyById(auth.db, body.keyId);
      if (row?.configId !== 'default' || row.referenceId !== userId) throw new AuthError('KEY_NOT_FOUND');
      await auth.db.transaction().execute(async (trx) => {
        if (!(await deleteRow(trx, row.id))) throw new AuthError('KEY_NOT_FOUND');
        await auth.audit.recordIn(trx, request, {
          type: 'api_key.deleted',
          actor: { type: 'admin' },
          target: { type: 'apiKey', id: row.id },
          organizationId: null,
          metadata: { keyId: row.id, configId: row.configId, userId },
        });
      });
      return { success: true };
    },
  });
