import { useQuery } from '@tanstack/react-query';
import { productConfigQueryOptions } from './product-config-query.ts';

/** The server's default PASSWORD_MIN_LENGTH, used until /api/config has answered. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
/** The server's longest password (packages/core/src/options.ts, maxPasswordLength). */
export const PASSWORD_MAX_LENGTH = 128;

/** The shortest password the server accepts: its configured PASSWORD_MIN_LENGTH. */
export function usePasswordMinLength(): number {
  return useQuery(productConfigQueryOptions()).data?.passwordMinLength ?? DEFAULT_PASSWORD_MIN_LENGTH;
}
