import type { AuthContext } from '../context.ts';

/**
 * Rules a feature keeps for the user fields it adds (`ports.userFieldChecks`, supplied by the
 * username feature): sign-up and update-user parse the fields as every additional field
 * (user/additional-fields.ts), then hand them here before anything is stored. While no feature
 * supplies it, the parsed values are stored as they are.
 */
export interface UserFieldChecks {
  /**
   * The values as they must be stored, or an AuthError refusing them. `values` are the parsed
   * additional fields (only those present, on update); `userId` is the user being changed, on update.
   */
  check(
    auth: AuthContext,
    values: Readonly<Record<string, unknown>>,
    change: { mode: 'create' } | { mode: 'update'; userId: string },
  ): Promise<Record<string, unknown>>;
}
