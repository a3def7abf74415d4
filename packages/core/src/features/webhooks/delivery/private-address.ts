import { BlockList, isIP } from 'node:net';

/** The IPv4 ranges of docs/protocol/webhooks.md#8-targets-ssrf-guard, as [network, prefix length]. */
const REFUSED_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  // Multicast, reserved and broadcast: 224.0.0.0 up to 255.255.255.255.
  ['224.0.0.0', 3],
];

/** The IPv6 ranges of the same list that are not an IPv4 address in disguise. */
const REFUSED_IPV6: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

/**
 * An IPv4 address can be written inside IPv6 and still reach the IPv4 host: IPv4-mapped
 * (`::ffff:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and the deprecated IPv4-compatible `::a.b.c.d`.
 * Each refused IPv4 range is refused in each of these forms; BlockList parses the hex spellings.
 */
const IPV4_EMBEDDING_PREFIXES = ['::ffff:', '64:ff9b::', '::'] as const;

const refused = buildBlockList();

function buildBlockList(): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of REFUSED_IPV4) {
    list.addSubnet(network, prefix, 'ipv4');
    for (const embedding of IPV4_EMBEDDING_PREFIXES) list.addSubnet(embedding + network, 96 + prefix, 'ipv6');
  }
  for (const [network, prefix] of REFUSED_IPV6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

/**
 * Whether a textual IP address (as dns.lookup answers it, or a URL host without brackets) lies in
 * a range webhooks must not reach (docs/protocol/webhooks.md#8-targets-ssrf-guard). Anything that is not an IP
 * address counts as non-public: the guard fails closed.
 */
export function isNonPublicAddress(address: string): boolean {
  // A zone id (`fe80::1%eth0`) is accepted by isIP but makes BlockList miss the range.
  const bare = address.split('%', 1)[0] ?? '';
  const version = isIP(bare);
  if (version === 0) return true;
  return refused.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}
