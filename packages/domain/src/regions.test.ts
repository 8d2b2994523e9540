import { describe, expect, it } from 'vitest';
import { REGION_PATTERN } from './shipping-schemas.ts';
import { regionName, regionsOf } from './regions.ts';

describe('regions', () => {
  it('lists the US states and DC, Canada’s provinces and territories, Australia’s states and territories', () => {
    expect(regionsOf('US')).toHaveLength(51);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionsOf('DE')).toEqual([]);
  });

  it('gives ISO 3166-2 codes of their own country, sorted by name', () => {
    for (const country of ['US', 'CA', 'AU']) {
      const regions = regionsOf(country);
      for (const region of regions) {
        expect(region.code).toMatch(REGION_PATTERN);
        expect(region.code.startsWith(`${country}-`)).toBe(true);
      }
      const names = regions.map((region) => region.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('names a listed code, and keeps a code it does not list', () => {
    expect(regionName('US-DC')).toBe('District of Columbia');
    expect(regionName('CA-QC')).toBe('Quebec');
    expect(regionName('AU-NSW')).toBe('New South Wales');
    expect(regionName('FR-75')).toBe('FR-75');
  });
});
