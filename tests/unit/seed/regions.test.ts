import { describe, expect, it } from 'vitest';
import {
  isRegion,
  regionForLocation,
  regionOfState,
  stateOfLocation,
} from '../../../commerce-api/src/domain/regions.ts';
import { CITIES_BY_REGION } from '../../../commerce-api/src/seed/cities.ts';

describe('regionForLocation', () => {
  it.each([
    ['Portland, OR', 'west'],
    ['Austin, Texas', 'southwest'],
    ['Boston, MA', 'northeast'],
    ['Atlanta, Georgia', 'southeast'],
    ['Chicago, IL', 'midwest'],
    ['portland, or', 'west'],
    ['Portland, Maine', 'northeast'],
    ['Kansas City, MO', 'midwest'],
    ['Kansas City MO', 'midwest'],
    ['Charleston, West Virginia', 'southeast'],
    ['Richmond, Virginia', 'southeast'],
    ['Raleigh, North Carolina', 'southeast'],
    ['Phoenix, AZ 85004', 'southwest'],
    ['Denver, CO, USA', 'west'],
    ['Washington, D.C.', 'northeast'],
    ['Santa Fe New Mexico', 'southwest'],
    ['  Seattle ,  WA  ', 'west'],
    ['Texas', 'southwest'],
  ])('%s → %s', (location, region) => {
    expect(regionForLocation(location)).toBe(region);
  });

  it.each(['', 'Kansas City', 'Toronto, Ontario', 'London, UK', 'somewhere or other', 'Springfield', 'Paris, XX'])(
    '"%s" has no region',
    (location) => {
      expect(regionForLocation(location)).toBeNull();
    },
  );

  it('reads the state code', () => {
    expect(stateOfLocation('Austin, Texas')).toBe('TX');
    expect(stateOfLocation('Bend, OR 97701, United States')).toBe('OR');
    expect(stateOfLocation('nowhere')).toBeNull();
  });

  it('maps states by code or name, and knows the five regions', () => {
    expect(regionOfState('ny')).toBe('northeast');
    expect(regionOfState('new mexico')).toBe('southwest');
    expect(regionOfState('Ontario')).toBeNull();
    expect(isRegion('midwest')).toBe(true);
    expect(isRegion('north')).toBe(false);
  });

  it('puts every seed city in the region it is listed under', () => {
    for (const [region, cities] of Object.entries(CITIES_BY_REGION)) {
      for (const city of cities) expect(regionForLocation(city), city).toBe(region);
    }
  });
});
