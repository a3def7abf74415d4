import { describe, expect, it } from 'vitest';
import { describeLocation } from './describe-location.ts';

describe('describeLocation', () => {
  it('names city, region and country, in the reader’s language', () => {
    const place = { countryCode: 'DE', region: 'Hesse', city: 'Frankfurt am Main' };
    expect(describeLocation(place, 'en')).toBe('Frankfurt am Main, Hesse, Germany');
    expect(describeLocation(place, 'fr')).toBe('Frankfurt am Main, Hesse, Allemagne');
  });

  it('leaves out what is unknown and what repeats', () => {
    expect(describeLocation({ countryCode: 'US', region: null, city: null }, 'en')).toBe('United States');
    expect(describeLocation({ countryCode: 'SG', region: 'Singapore', city: 'Singapore' }, 'en')).toBe(
      'Singapore',
    );
  });

  it('falls back to the code for a code no language names', () => {
    expect(describeLocation({ countryCode: 'ZZ', region: null, city: 'Nowhere' }, 'en')).toMatch(
      /^Nowhere, (ZZ|Unknown Region)$/,
    );
  });
});
