/** Whether a peer address is this machine (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopback = (address: string | undefined): boolean =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
