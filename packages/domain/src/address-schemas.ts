import { z } from 'zod';
import { shippingAddressSchema } from './order-schemas.ts';
import { oneLineText } from './text-fields.ts';

/** Addresses one customer may keep: enough for home, work and family, small enough to list. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_NOT_FOUND = 'Address not found';
export const TOO_MANY_ADDRESSES = `You can keep at most ${MAX_ADDRESSES} addresses`;

/**
 * POST /api/addresses and PUT /api/addresses/{id}: the shipping address's four fields under the
 * same rules (an order copies them), an optional label ('Home'), and whether it is the default.
 */
export const addressRequestSchema = shippingAddressSchema.extend({
  label: oneLineText('Label').max(40, 'Label is too long').default(''),
  isDefault: z.boolean('Default must be true or false').optional(),
});
export type AddressRequest = z.input<typeof addressRequestSchema>;
/** The request as the server reads it: trimmed, the label defaulted to ''. */
export type ParsedAddressRequest = z.output<typeof addressRequestSchema>;

/** A saved address as the API sends it. */
export const addressSchema = shippingAddressSchema.extend({
  _id: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET /api/addresses: the default first, then the newest. */
export const addressListSchema = z.array(addressSchema);
