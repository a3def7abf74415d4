import { paths } from '../../../config/paths.ts';

/**
 * Where a verification link sends the browser once the server has verified the address; the
 * server adds `&error=CODE` when it could not.
 */
export const VERIFIED_CALLBACK_URL = `${paths.verifyEmail}?verified=1`;
