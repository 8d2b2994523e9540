import {
  methodRequestSchema,
  taxClassRequestSchema,
  taxRateRequestSchema,
  zoneRequestSchema,
  type MethodRequest,
  type ShippingMethod,
  type ShippingZone,
  type ZoneRequest,
} from '@proshop/domain/shipping-schemas';
import { basisPointsFromPercent, percentText } from '@proshop/domain/tax-rate-percent';

/**
 * The admin's shipping and tax forms as pure functions: the fields as typed to the API's
 * requests, checked by the server's own schemas before sending, so that what a form accepts the
 * server accepts too, and a problem is named next to its field.
 */

/** A field's first problem, by the draft's field names. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type Checked<Request, Field extends string> =
  { ok: true; request: Request } | { ok: false; errors: FieldErrors<Field> };

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Each issue under the field its path starts with (`rename` maps request fields to the draft's). */
function errorsOf<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
  rename: Partial<Record<string, Field>> = {},
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const [first] = issue.path;
    const name = typeof first === 'string' ? (rename[first] ?? first) : undefined;
    const field = fields.find((each) => each === name);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/** The entries of a comma- or line-separated field, trimmed, upper-cased, blanks and repeats dropped. */
export function parseCodeList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((entry) => entry.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** A number field's text: empty is none; anything else a number (NaN the schema refuses). */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** A required number field's text: empty is NaN, which the schema names as no number. */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** An amount as its field shows it ('25.00'); '' for none. */
function amountField(amount: number | null): string {
  return amount === null ? '' : amount.toFixed(2);
}

// Zones

export interface ZoneDraft {
  name: string;
  restOfWorld: boolean;
  countries: string[];
  regionsText: string;
  postalPrefixesText: string;
  /** '' for shipping untaxed in the zone. */
  shippingTaxClass: string;
}
export type ZoneField = keyof ZoneDraft;
const ZONE_FIELDS: readonly ZoneField[] = [
  'name',
  'restOfWorld',
  'countries',
  'regionsText',
  'postalPrefixesText',
  'shippingTaxClass',
];

export const emptyZoneDraft: ZoneDraft = {
  name: '',
  restOfWorld: false,
  countries: [],
  regionsText: '',
  postalPrefixesText: '',
  shippingTaxClass: '',
};

export function draftFromZone(zone: ShippingZone): ZoneDraft {
  return {
    name: zone.name,
    restOfWorld: zone.restOfWorld,
    countries: zone.countries,
    regionsText: zone.regions.join(', '),
    postalPrefixesText: zone.postalPrefixes.join(', '),
    shippingTaxClass: zone.shippingTaxClass ?? '',
  };
}

/** The zone's request: the rest of the world serves every address, so its lists go empty. */
export function zoneRequestFromDraft(draft: ZoneDraft): ZoneRequest {
  const everywhere = draft.restOfWorld;
  return {
    name: draft.name,
    restOfWorld: everywhere,
    countries: everywhere ? [] : (draft.countries as ZoneRequest['countries']),
    regions: everywhere ? [] : parseCodeList(draft.regionsText),
    postalPrefixes: everywhere ? [] : parseCodeList(draft.postalPrefixesText),
    shippingTaxClass: draft.shippingTaxClass === '' ? null : draft.shippingTaxClass,
  };
}

export function checkZoneDraft(draft: ZoneDraft): Checked<ZoneRequest, ZoneField> {
  const request = zoneRequestFromDraft(draft);
  const parsed = zoneRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  return {
    ok: false,
    errors: errorsOf(parsed.error.issues, ZONE_FIELDS, {
      regions: 'regionsText',
      postalPrefixes: 'postalPrefixesText',
    }),
  };
}

// Methods

export interface WeightBandDraft {
  /** Stable across edits, for React's list keys. */
  key: number;
  upToGrams: string;
  price: string;
}

export interface MethodDraft {
  name: string;
  price: string;
  /** '' for none. */
  freeAbove: string;
  /** '' for none. */
  minOrder: string;
  weightBands: WeightBandDraft[];
  estimateMinDays: string;
  estimateMaxDays: string;
  active: boolean;
}
export type MethodField = keyof MethodDraft;
const METHOD_FIELDS: readonly MethodField[] = [
  'name',
  'price',
  'freeAbove',
  'minOrder',
  'weightBands',
  'estimateMinDays',
  'estimateMaxDays',
  'active',
];

export const emptyMethodDraft: MethodDraft = {
  name: '',
  price: '',
  freeAbove: '',
  minOrder: '',
  weightBands: [],
  estimateMinDays: '',
  estimateMaxDays: '',
  active: true,
};

export function draftFromMethod(method: ShippingMethod, nextKey: () => number): MethodDraft {
  return {
    name: method.name,
    price: amountField(method.price),
    freeAbove: amountField(method.freeAbove),
    minOrder: amountField(method.minOrder),
    // Lightest first, as the merchant reads a price list.
    weightBands: method.weightBands
      .toSorted((a, b) => a.upToGrams - b.upToGrams)
      .map((band) => ({
        key: nextKey(),
        upToGrams: String(band.upToGrams),
        price: amountField(band.price),
      })),
    estimateMinDays: String(method.estimateMinDays),
    estimateMaxDays: String(method.estimateMaxDays),
    active: method.active,
  };
}

/** The method's request (the price rule takes the bands in any order: the lightest that fits). */
export function methodRequestFromDraft(draft: MethodDraft): MethodRequest {
  return {
    name: draft.name,
    price: numberFrom(draft.price),
    freeAbove: numberOrNull(draft.freeAbove),
    minOrder: numberOrNull(draft.minOrder),
    weightBands: draft.weightBands.map((band) => ({
      upToGrams: numberFrom(band.upToGrams),
      price: numberFrom(band.price),
    })),
    estimateMinDays: numberFrom(draft.estimateMinDays),
    estimateMaxDays: numberFrom(draft.estimateMaxDays),
    active: draft.active,
  };
}

export function checkMethodDraft(draft: MethodDraft): Checked<MethodRequest, MethodField> {
  const request = methodRequestFromDraft(draft);
  const parsed = methodRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  // A band's problem names its band, by its place in the form.
  const issues = parsed.error.issues.map((issue) => {
    const [list, index] = issue.path;
    return list === 'weightBands' && typeof index === 'number'
      ? { ...issue, message: `Band ${index + 1}: ${issue.message}` }
      : issue;
  });
  return { ok: false, errors: errorsOf(issues, METHOD_FIELDS) };
}

// Tax rates

export interface RateDraft {
  name: string;
  /** The rate as a percentage ('20', '7.5'). */
  percent: string;
}
export type RateField = keyof RateDraft;

export interface RateRequest {
  zone: string;
  taxClass: string;
  name: string;
  basisPoints: number;
}

export function draftFromRate(rate: { name: string; basisPoints: number } | undefined): RateDraft {
  return rate
    ? { name: rate.name, percent: percentText(rate.basisPoints) }
    : { name: '', percent: '' };
}

export function checkRateDraft(
  draft: RateDraft,
  zone: string,
  taxClass: string,
): Checked<RateRequest, RateField> {
  const basisPoints = basisPointsFromPercent(draft.percent);
  const request: RateRequest = { zone, taxClass, name: draft.name, basisPoints: basisPoints ?? 0 };
  const parsed = taxRateRequestSchema.safeParse(request);
  const errors = parsed.success
    ? {}
    : errorsOf(parsed.error.issues, ['name', 'percent'] as const, { basisPoints: 'percent' });
  if (basisPoints === undefined) {
    errors.percent = 'Rate is a percentage with at most 2 decimals, such as 20 or 7.5';
  }
  return Object.keys(errors).length === 0 ? { ok: true, request } : { ok: false, errors };
}

// Tax classes

/** What is wrong with a class's name as typed, by the server's schema; undefined when nothing. */
export function classNameProblem(name: string): string | undefined {
  const parsed = taxClassRequestSchema.safeParse({ name });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

// What the lists show

/** A rate as the zone's card shows it: "VAT 20 %". */
export function rateLabel(rate: { name: string; basisPoints: number }): string {
  return `${rate.name} ${percentText(rate.basisPoints)} %`;
}

/** A delivery estimate: "3–5 days", "2 days", "1 day", "Same day". */
export function estimateLabel(method: { estimateMinDays: number; estimateMaxDays: number }) {
  const { estimateMinDays: min, estimateMaxDays: max } = method;
  if (max === 0) return 'Same day';
  if (min === max) return `${max} ${max === 1 ? 'day' : 'days'}`;
  return `${min}–${max} days`;
}

/** The ids in `order` with the one at `index` moved one place up (-1) or down (+1). */
export function movedOrder(order: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) {
    return [...order];
  }
  const moved = [...order];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}
