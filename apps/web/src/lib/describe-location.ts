import type { IpLocation } from '@gatehouse/client';

/** "Mountain View, California, United States": city, region and country named in `locale`. */
export function describeLocation(location: IpLocation, locale?: string): string {
  let country = location.countryCode;
  try {
    country = new Intl.DisplayNames(locale, { type: 'region' }).of(location.countryCode) ?? country;
  } catch {
    // An unknown code or locale: the code itself still says where.
  }
  const parts = [location.city, location.region, country].filter((part): part is string => Boolean(part));
  // A city-state's city and region repeat each other ("Singapore, Singapore, Singapore").
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
}
