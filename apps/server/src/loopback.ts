/** Whether a peer address is this machine (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopback = (address: string | undefined): boolean =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;

/**
 * Headers a reverse proxy adds (nginx's usual `X-Real-IP` and `X-Forwarded-*`, Caddy's and
 * Apache's `X-Forwarded-*`, RFC 7239's `Forwarded`, a cache's `Via`): a loopback peer that sent
 * one is a proxy on this machine relaying someone else.
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * Whether a request comes from a program on this machine itself: a loopback peer, and none of the
 * headers a proxy adds, IP_ADDRESS_HEADERS included (`ipAddressHeaders`).
 */
export function fromThisMachine(
  peer: string | undefined,
  header: (name: string) => string | undefined,
  ipAddressHeaders: readonly string[],
): boolean {
  return (
    isLoopback(peer) &&
    FORWARDING_HEADERS.every((name) => header(name) === undefined) &&
    ipAddressHeaders.every((name) => header(name) === undefined)
  );
}

/**
 * Whether a Host header names this machine: `localhost` or a name under it (RFC 6761 reserves
 * them for loopback), an address in 127.0.0.0/8 or `[::1]`, with or without a port. A page of
 * another name reaching a loopback port got there through a proxy passing the visitor's Host on,
 * or by DNS rebinding (a site whose name was pointed at 127.0.0.1 reading what a local browser can).
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host.trim().toLowerCase())?.[1];
  if (name === undefined) return false;
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}
