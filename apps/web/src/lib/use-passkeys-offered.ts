import { useQuery } from '@tanstack/react-query';
import { passkeysSupported } from './passkeys.ts';
import { productConfigQueryOptions } from './product-config-query.ts';

/**
 * Whether to offer passkeys: the server has them on (PASSKEYS, told by `GET /api/config`) and this
 * browser can use them. False while the settings load, so nothing is offered that then fails.
 */
export function usePasskeysOffered(): boolean {
  const config = useQuery(productConfigQueryOptions());
  return config.data?.passkeys === true && passkeysSupported();
}
