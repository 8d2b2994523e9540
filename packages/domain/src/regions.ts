/**
 * The regions (ISO 3166-2) the address form lists, for the countries whose addresses name one and
 * whose shops tax or ship by it (issue #38): US states and DC, Canadian provinces and territories,
 * Australian states and territories. Another country's address has no region; a zone narrowed to
 * a region of another country is matched by the code the address carries, if any.
 */
export interface Region {
  /** ISO 3166-2: the country's code, a dash, the subdivision's ('US-CA'). */
  code: string;
  /** The English name ('California'): what the shop shows; the code is what it stores. */
  name: string;
}

/** A country's regions, sorted by name as the form lists them. */
const listed = (country: string, entries: readonly (readonly [string, string])[]): Region[] =>
  entries
    .map(([code, name]) => ({ code: `${country}-${code}`, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const REGIONS: Readonly<Record<string, readonly Region[]>> = {
  US: listed('US', [
    ['AL', 'Alabama'],
    ['AK', 'Alaska'],
    ['AZ', 'Arizona'],
    ['AR', 'Arkansas'],
    ['CA', 'California'],
    ['CO', 'Colorado'],
    ['CT', 'Connecticut'],
    ['DE', 'Delaware'],
    ['DC', 'District of Columbia'],
    ['FL', 'Florida'],
    ['GA', 'Georgia'],
    ['HI', 'Hawaii'],
    ['ID', 'Idaho'],
    ['IL', 'Illinois'],
    ['IN', 'Indiana'],
    ['IA', 'Iowa'],
    ['KS', 'Kansas'],
    ['KY', 'Kentucky'],
    ['LA', 'Louisiana'],
    ['ME', 'Maine'],
    ['MD', 'Maryland'],
    ['MA', 'Massachusetts'],
    ['MI', 'Michigan'],
    ['MN', 'Minnesota'],
    ['MS', 'Mississippi'],
    ['MO', 'Missouri'],
    ['MT', 'Montana'],
    ['NE', 'Nebraska'],
    ['NV', 'Nevada'],
    ['NH', 'New Hampshire'],
    ['NJ', 'New Jersey'],
    ['NM', 'New Mexico'],
    ['NY', 'New York'],
    ['NC', 'North Carolina'],
    ['ND', 'North Dakota'],
    ['OH', 'Ohio'],
    ['OK', 'Oklahoma'],
    ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'],
    ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'],
    ['SD', 'South Dakota'],
    ['TN', 'Tennessee'],
    ['TX', 'Texas'],
    ['UT', 'Utah'],
    ['VT', 'Vermont'],
    ['VA', 'Virginia'],
    ['WA', 'Washington'],
    ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'],
    ['WY', 'Wyoming'],
  ]),
  CA: listed('CA', [
    ['AB', 'Alberta'],
    ['BC', 'British Columbia'],
    ['MB', 'Manitoba'],
    ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'],
    ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'],
    ['ON', 'Ontario'],
    ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'],
    ['YT', 'Yukon'],
  ]),
  AU: listed('AU', [
    ['ACT', 'Australian Capital Territory'],
    ['NSW', 'New South Wales'],
    ['NT', 'Northern Territory'],
    ['QLD', 'Queensland'],
    ['SA', 'South Australia'],
    ['TAS', 'Tasmania'],
    ['VIC', 'Victoria'],
    ['WA', 'Western Australia'],
  ]),
};

/** The regions the form lists for a country (by name), or none: the form then asks for none. */
export function regionsOf(country: string): readonly Region[] {
  return REGIONS[country] ?? [];
}

/** A listed region's name ('US-CA' → 'California'); the code itself for one not listed. */
export function regionName(code: string): string {
  return regionsOf(code.slice(0, 2)).find((region) => region.code === code)?.name ?? code;
}
