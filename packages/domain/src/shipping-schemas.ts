import { z } from 'zod';
import { COUNTRY_CODES, countryName } from './countries.ts';
import { amountSchema } from './money-schemas.ts';
import { idSchema } from './route-schemas.ts';
import { oneLineText } from './text-fields.ts';

/**
 * The merchant's shipping and tax settings as the API carries them (issue #38): the admin's
 * Settings screens and modules/shipping on the server. Amounts are in the currency's units (2
 * decimals) like every other amount of the API; rates in basis points (2000 = 20 %).
 */

export const MAX_ZONES = 100;
export const MAX_METHODS_PER_ZONE = 20;
export const MAX_TAX_CLASSES = 20;
export const MAX_WEIGHT_BANDS = 20;
/** The longest a delivery estimate may say: a year. */
export const MAX_ESTIMATE_DAYS = 365;

export const SHIPPING_MESSAGES = {
  zoneNotFound: 'Shipping zone not found',
  methodNotFound: 'Shipping method not found',
  taxClassNotFound: 'Tax class not found',
  taxRateNotFound: 'Tax rate not found',
  /** The address is outside every zone: said at the address step, before payment. */
  noZone: (country: string) =>
    `Sorry, we do not ship to ${countryName(country)}. Please choose another address.`,
  /** The zone has no method that can carry this order. */
  noMethod: 'No shipping method can carry this order to this address. Please change your cart.',
  /** POST /api/orders with a method that does not serve the address (409). */
  methodUnavailable: (name: string) =>
    `${name} does not deliver this order to this address. Please choose another shipping method.`,
  unknownMethod:
    'That shipping method is not offered for this address. Please choose another shipping method.',
  defaultClassStays:
    'The default tax class cannot be deleted; make another class the default first.',
  classInUse: (products: number) =>
    `${products === 1 ? '1 product is' : `${products} products are`} taxed as this class; move them to another class first.`,
  tooManyZones: `A shop can have at most ${MAX_ZONES} shipping zones`,
  tooManyMethods: `A zone can have at most ${MAX_METHODS_PER_ZONE} shipping methods`,
  tooManyClasses: `A shop can have at most ${MAX_TAX_CLASSES} tax classes`,
} as const;

const countryCodeSchema = z.enum(COUNTRY_CODES, 'Choose countries from the list');
/** ISO 3166-2: the country's code, a dash, 1 to 3 letters or digits ('US-CA', 'FR-75'). */
export const REGION_PATTERN = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
const regionCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(REGION_PATTERN, 'A region is a code such as US-CA');
const postalPrefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9 -]{1,10}$/, 'A postal-code prefix has 1 to 10 letters or digits');

/** POST /api/admin/shipping/zones and PUT /api/admin/shipping/zones/{id}. */
export const zoneRequestSchema = z
  .object({
    name: oneLineText('Name').min(1, 'Name is required').max(80, 'Name is too long'),
    /** Serves every address; its lists are then left empty. */
    restOfWorld: z.boolean().default(false),
    countries: z.array(countryCodeSchema).max(COUNTRY_CODES.length).default([]),
    regions: z.array(regionCodeSchema).max(500, 'At most 500 regions').default([]),
    postalPrefixes: z.array(postalPrefixSchema).max(500, 'At most 500 prefixes').default([]),
    /** The tax class shipping is taxed at here; null: shipping untaxed in this zone. */
    shippingTaxClass: idSchema('Tax class must be an id').nullable().default(null),
  })
  .refine((zone) => zone.restOfWorld || zone.countries.length > 0, {
    message: 'Choose at least one country, or make it the rest of the world',
    path: ['countries'],
  })
  .refine(
    (zone) => zone.regions.every((region) => zone.countries.includes(region.slice(0, 2) as never)),
    { message: "Each region must be in one of the zone's countries", path: ['regions'] },
  );
export type ZoneRequest = z.input<typeof zoneRequestSchema>;

/** PUT /api/admin/shipping/zone-order: every zone's id, in the order they are matched. */
export const zoneOrderSchema = z.object({
  zones: z.array(idSchema('Zone must be an id')).max(MAX_ZONES),
});

const weightBandSchema = z.object({
  upToGrams: z
    .number('Weight must be a number')
    .int('Weight is in whole grams')
    .min(1, 'Weight must be at least 1 gram')
    .max(10_000_000, 'Weight is too large'),
  price: amountSchema('Band price'),
});

const daysSchema = (field: string) =>
  z
    .number(`${field} must be a number`)
    .int(`${field} is in whole days`)
    .min(0, `${field} must be 0 or more`)
    .max(MAX_ESTIMATE_DAYS, `${field} can be at most ${MAX_ESTIMATE_DAYS} days`);

/** POST /api/admin/shipping/zones/{id}/methods and PUT /api/admin/shipping/methods/{id}. */
export const methodRequestSchema = z
  .object({
    name: oneLineText('Name').min(1, 'Name is required').max(80, 'Name is too long'),
    price: amountSchema('Price'),
    freeAbove: amountSchema('Free above').nullable().default(null),
    minOrder: amountSchema('Minimum order').nullable().default(null),
    weightBands: z.array(weightBandSchema).max(MAX_WEIGHT_BANDS).default([]),
    estimateMinDays: daysSchema('Fastest delivery'),
    estimateMaxDays: daysSchema('Slowest delivery'),
    active: z.boolean().default(true),
  })
  .refine((method) => method.estimateMaxDays >= method.estimateMinDays, {
    message: 'Slowest delivery must be at least the fastest',
    path: ['estimateMaxDays'],
  })
  .refine(
    (method) =>
      new Set(method.weightBands.map((band) => band.upToGrams)).size === method.weightBands.length,
    { message: 'Two weight bands end at the same weight', path: ['weightBands'] },
  );
export type MethodRequest = z.input<typeof methodRequestSchema>;

/** POST /api/admin/tax-classes and PUT /api/admin/tax-classes/{id}. */
export const taxClassRequestSchema = z.object({
  name: oneLineText('Name').min(1, 'Name is required').max(40, 'Name is too long'),
  /** Making a class the default takes it from the one before. */
  isDefault: z.boolean().optional(),
});

/** PUT /api/admin/tax-rates: the rate of a class in a zone, made or changed. */
export const taxRateRequestSchema = z.object({
  zone: idSchema('Zone must be an id'),
  taxClass: idSchema('Tax class must be an id'),
  name: oneLineText('Name').min(1, 'Name is required').max(40, 'Name is too long'),
  basisPoints: z
    .number('Rate must be a number')
    .int('Rate is in whole basis points (2000 = 20 %)')
    .min(0, 'Rate must be 0 or more')
    .max(10_000, 'Rate can be at most 100 %'),
});

/** PUT /api/admin/tax-settings. */
export const taxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean('Say whether prices include tax'),
});

export const shippingMethodSchema = z.object({
  _id: z.string(),
  zone: z.string(),
  name: z.string(),
  price: z.number(),
  freeAbove: z.number().nullable(),
  minOrder: z.number().nullable(),
  weightBands: z.array(z.object({ upToGrams: z.number().int(), price: z.number() })),
  estimateMinDays: z.number().int(),
  estimateMaxDays: z.number().int(),
  active: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const taxRateSchema = z.object({
  _id: z.string(),
  zone: z.string(),
  taxClass: z.string(),
  name: z.string(),
  basisPoints: z.number().int(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const shippingZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  restOfWorld: z.boolean(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  postalPrefixes: z.array(z.string()),
  shippingTaxClass: z.string().nullable(),
  /** Its methods in the merchant's order, inactive ones too. */
  methods: z.array(shippingMethodSchema),
  rates: z.array(taxRateSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const taxClassSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  /** Products taxed as it. */
  productCount: z.number().int(),
});
export type TaxClass = z.infer<typeof taxClassSchema>;

/** GET /api/admin/shipping: every setting of the Settings screens at once. */
export const shippingSettingsSchema = z.object({
  zones: z.array(shippingZoneSchema),
  taxClasses: z.array(taxClassSchema),
  pricesIncludeTax: z.boolean(),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

/** GET /api/admin/tax-classes: the classes a product may be taxed as (the product form's select). */
export const taxClassListSchema = z.array(
  taxClassSchema.pick({ _id: true, name: true, isDefault: true }),
);

/**
 * A tax of an order as the order keeps it and the API sends it: its name, rate, what it applied
 * to, the amount it was worked out on and its own amount. An order's tax lines sum to its tax.
 */
export const taxLineSchema = z.object({
  name: z.string(),
  basisPoints: z.number().int(),
  appliesTo: z.enum(['items', 'shipping']),
  base: z.number(),
  amount: z.number(),
});
export type TaxLineAnswer = z.infer<typeof taxLineSchema>;

/** A tax line as orders.tax_lines stores it: amounts as exact decimal strings. */
export interface StoredTaxLine {
  name: string;
  basisPoints: number;
  appliesTo: 'items' | 'shipping';
  base: string;
  amount: string;
}

/** A shipping method as the shopper picks it: its price for this order, or why it cannot. */
export const shippingOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null when it cannot carry this order (`unavailable` says why). */
  price: z.number().nullable(),
  estimateMinDays: z.number().int(),
  estimateMaxDays: z.number().int(),
  /**
   * Free when the items after the discount come to more than this ("Add $X more for free
   * shipping"); null: never free by amount.
   */
  freeAbove: z.number().nullable(),
  unavailable: z.string().nullable(),
});
export type ShippingOptionAnswer = z.infer<typeof shippingOptionSchema>;

/** The shipping an order keeps: the method's name and estimate when it was placed. */
export const orderShippingSchema = z.object({
  method: z.string(),
  estimateMinDays: z.number().int().nullable(),
  estimateMaxDays: z.number().int().nullable(),
  /** The tax on shipping, part of the order's taxPrice. */
  tax: z.number(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;
