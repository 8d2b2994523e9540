// The address form of the shipping step and the address book (issue #38): the street, city and
// postal code typed, the country (and, for the US, Canada and Australia, the region) chosen from
// lists by code. Specs that only need some address ship to New Zealand: a real country outside
// any zone a test or the demo data makes, so the seed's "Everywhere" zone prices it as the spec
// says (25.00, free above 100.00, 15 % tax).
import type { Locator } from '@playwright/test';

export interface FormAddress {
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, as the list's values are ('NZ'). */
  country: string;
  /** ISO 3166-2 ('US-NY'), for a country whose regions the form lists. */
  region?: string;
  name?: string;
  phone?: string;
}

/** The country specs use when any address will do, and its name as the shop shows it. */
export const ANY_COUNTRY = 'NZ';
export const ANY_COUNTRY_NAME = 'New Zealand';

/** Fills the address form found in `scope` (the page's main, or the address book's section). */
export async function fillAddressForm(scope: Locator, address: FormAddress): Promise<void> {
  if (address.name !== undefined) await scope.getByLabel('Name (optional)').fill(address.name);
  await scope.getByLabel('Address', { exact: true }).fill(address.address);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Postal Code').fill(address.postalCode);
  await scope.getByLabel('Country').selectOption(address.country);
  if (address.region !== undefined) await scope.getByLabel('Region').selectOption(address.region);
  if (address.phone !== undefined) await scope.getByLabel('Phone (optional)').fill(address.phone);
}
