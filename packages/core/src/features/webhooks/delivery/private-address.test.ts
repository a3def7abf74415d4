import { describe, expect, it } from 'vitest';
import { isNonPublicAddress } from './private-address.ts';

// [address, refused?] — the edges of every range of docs/protocol/webhooks.md#8-targets-ssrf-guard.
const IPV4: readonly (readonly [string, boolean])[] = [
  ['0.0.0.0', true],
  ['0.255.255.255', true],
  ['1.0.0.0', false],
  ['9.255.255.255', false],
  ['10.0.0.0', true],
  ['10.255.255.255', true],
  ['11.0.0.0', false],
  ['100.63.255.255', false],
  ['100.64.0.0', true],
  ['100.127.255.255', true],
  ['100.128.0.0', false],
  ['126.255.255.255', false],
  ['127.0.0.1', true],
  ['127.255.255.255', true],
  ['128.0.0.0', false],
  ['169.253.255.255', false],
  ['169.254.0.0', true],
  ['169.254.169.254', true],
  ['169.255.0.0', false],
  ['172.15.255.255', false],
  ['172.16.0.0', true],
  ['172.31.255.255', true],
  ['172.32.0.0', false],
  ['191.255.255.255', false],
  ['192.0.0.0', true],
  ['192.0.0.255', true],
  ['192.0.1.0', false],
  ['192.167.255.255', false],
  ['192.168.0.0', true],
  ['192.168.255.255', true],
  ['192.169.0.0', false],
  ['198.17.255.255', false],
  ['198.18.0.0', true],
  ['198.19.255.255', true],
  ['198.20.0.0', false],
  ['8.8.8.8', false],
  ['93.184.216.34', false],
  ['223.255.255.255', false],
  ['224.0.0.0', true],
  ['239.255.255.250', true],
  ['240.0.0.1', true],
  ['255.255.255.255', true],
];

const IPV6: readonly (readonly [string, boolean])[] = [
  ['::', true],
  ['::1', true],
  ['::2', true], // IPv4-compatible 0.0.0.2
  ['2001:db8::1', false],
  ['2606:4700:4700::1111', false],
  ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', false],
  ['fc00::', true],
  ['fd12:3456::1', true],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true],
  ['fe00::1', false],
  ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', false],
  ['fe80::', true],
  ['fe80::1%eth0', true],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true],
  ['fec0::1', false],
  ['ff00::', true],
  ['ff02::1', true],
  ['FE80::ABCD', true],
];

const EMBEDDED_IPV4: readonly (readonly [string, boolean])[] = [
  ['::ffff:127.0.0.1', true],
  ['::ffff:7f00:1', true],
  ['0:0:0:0:0:ffff:7f00:0001', true],
  ['::ffff:10.1.2.3', true],
  ['::ffff:a9fe:a9fe', true], // 169.254.169.254
  ['::ffff:8.8.8.8', false],
  ['::ffff:808:808', false],
  ['::ffff:100.63.255.255', false],
  ['::ffff:100.64.0.0', true],
  ['64:ff9b::127.0.0.1', true],
  ['64:ff9b::7f00:1', true],
  ['64:ff9b::c0a8:101', true], // 192.168.1.1
  ['64:ff9b::8.8.8.8', false],
  ['64:ff9b::5db8:d822', false], // 93.184.216.34
  ['::127.0.0.1', true],
  ['::8.8.8.8', false],
];

describe('isNonPublicAddress', () => {
  it.each(IPV4)('IPv4 %s → refused %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  it.each(IPV6)('IPv6 %s → refused %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  it.each(EMBEDDED_IPV4)('IPv4 inside IPv6 %s → refused %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  it.each(['', 'localhost', 'example.com', '127.0.0.1.', '[::1]', '1.2.3', '999.1.1.1'])(
    'treats the non-address %j as non-public (fails closed)',
    (value) => {
      expect(isNonPublicAddress(value)).toBe(true);
    },
  );
});
