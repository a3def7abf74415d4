import type { ErrorCode } from '../../errors.ts';

/**
 * Refusals many organization routes share, for their `errors` declarations. A member acting inside
 * an organization that requires two-factor, without it on (`findCaller`).
 */
export const AS_MEMBER: readonly ErrorCode[] = ['TWO_FACTOR_REQUIRED_BY_ORGANIZATION'];

/**
 * A member's permission checked against the organization's roles, whose stored permissions may
 * be unreadable (`role-set.ts`).
 */
export const WITH_PERMISSION: readonly ErrorCode[] = [...AS_MEMBER, 'INVALID_ROLE_PERMISSIONS'];
