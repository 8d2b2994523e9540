import { countryCodeOf } from './countries.ts';
import type { ShippingAddress } from './order-schemas.ts';

/**
 * A shipping address as the shop keeps it, on an order and in the address book (issue #38): the
 * country as its ISO code when its text names one ('USA' → 'US', as an older client sends it),
 * else the text as written, which only a "rest of the world" zone serves; name, region and phone
 * '' when not given.
 */
export function storedAddress(address: ShippingAddress) {
  return {
    name: address.name ?? '',
    address: address.address,
    city: address.city,
    region: address.region ?? '',
    postalCode: address.postalCode,
    country: countryCodeOf(address.country) ?? address.country,
    phone: address.phone ?? '',
  };
}
