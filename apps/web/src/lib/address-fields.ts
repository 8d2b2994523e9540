import type { ShippingAddress } from '@proshop/domain/order-schemas';

/** The four fields of a postal address as the shipping step and the address book show them. */
export const ADDRESS_FIELDS: {
  name: keyof ShippingAddress;
  label: string;
  autoComplete: string;
}[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

/** An address on one line: "1 Elm St, Springfield 111, USA". */
export const addressLine = (address: ShippingAddress): string =>
  `${address.address}, ${address.city} ${address.postalCode}, ${address.country}`;
