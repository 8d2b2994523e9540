import { COUNTRY_CODES, countryCodeOf, countryName } from '@proshop/domain/countries';
import type { ShippingAddress } from '@proshop/domain/order-schemas';
import { regionName, regionsOf } from '@proshop/domain/regions';

/** An address as the form edits it: every field a string, '' for one not given. */
export type AddressValues = Required<ShippingAddress>;

export const emptyAddress: AddressValues = {
  name: '',
  address: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

/** The browser's language: countries are named in it, and stored as codes whatever it is. */
export const shopperLocale = (): string =>
  typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';

/**
 * An address as the form shows it. One saved before the country became a list (free text such
 * as 'USA') has its code chosen when the text names a country; other text is kept, so the form
 * asks for a country rather than silently picking one.
 */
export function addressValues(address: ShippingAddress): AddressValues {
  const country = countryCodeOf(address.country) ?? address.country;
  const region = address.region ?? '';
  return {
    name: address.name ?? '',
    address: address.address,
    city: address.city,
    // A region is kept only where the form lists it for that country.
    region: regionsOf(country).some((listed) => listed.code === region) ? region : '',
    postalCode: address.postalCode,
    country,
    phone: address.phone ?? '',
  };
}

/** What the form sends and the cart keeps: the optional fields only when given. */
export function addressOf(values: AddressValues): ShippingAddress {
  const { name, region, phone, ...required } = values;
  return {
    ...(name.trim() && { name }),
    ...required,
    ...(region && { region }),
    ...(phone.trim() && { phone }),
  };
}

/** Whether two addresses are the same place for the same person (the optional fields as ''). */
export function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  const left = addressValues(a);
  const right = addressValues(b);
  return (Object.keys(left) as (keyof AddressValues)[]).every((key) => left[key] === right[key]);
}

/** Every country the form offers, named in the shopper's language and sorted by that name. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** The country of an address by name: a code named in `locale`, an old free text as it is. */
export const countryOf = (country: string, locale = shopperLocale()): string =>
  countryName(country, locale);

/**
 * An address on one line, as before the form had a name and a region ("1 Elm St, Springfield
 * 111, Benin"), with them where given: "Ann Lee, 1 Elm St, Springfield, Illinois 62701, United
 * States". The phone is not part of it (screens that show it put it on its own line).
 */
export function addressLine(address: ShippingAddress, locale = shopperLocale()): string {
  const region = address.region ? `, ${regionName(address.region)}` : '';
  const place = `${address.city}${region} ${address.postalCode}`;
  return [address.name, address.address, place, countryOf(address.country, locale)]
    .filter(Boolean)
    .join(', ');
}
