/** Where an IP address is, approximately, as an offline IP database tells it. */
export interface IpLocation {
  /** ISO 3166-1 alpha-2, e.g. `DE`; the app names it in the reader's language. */
  countryCode: string;
  region: string | null;
  city: string | null;
}

/**
 * Looks an address up; null when it is unknown, private or not an address. The engine never
 * looks anything up on the network: the host passes a locator over a packaged database (the
 * product server's `geoip.ts`), or none.
 */
export type IpLocator = (ip: string) => Promise<IpLocation | null>;
