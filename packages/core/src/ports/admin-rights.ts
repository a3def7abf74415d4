import type { PermissionRequest } from '../access/access-control.ts';
import type { AuthContext } from '../context.ts';
import type { User } from '../user/user.ts';

/**
 * Whether the user's admin roles grant the request (`ports.adminRights`, the admin feature's own
 * check, docs/protocol/admin.md#admin-checks): for the API-key feature, whose personal keys may carry
 * admin scopes only their owner holds (docs/protocol/api-key.md#decisions-for-gatehouse, K9).
 */
export type AdminRights = (auth: AuthContext, user: User, request: PermissionRequest) => boolean;
